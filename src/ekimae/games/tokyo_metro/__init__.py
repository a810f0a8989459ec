"""TOKYO METRO (Jordan Draper): rules TM-1 to TM-9 and SOLO-1 of RULES.md."""
