"""The games; each package holds pure rules, option data and a text renderer."""
