"""TOKYO JIDOHANBAIKI's components (MD-1), shared by every title that uses them."""
