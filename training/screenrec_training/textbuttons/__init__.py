"""Text-button clickability: is a detected text a button ("Log In, Button") or static
text? A small CNN over the text's crop with context plus layout features, trained on ui-real's
TextButton vs Text labels matched to the shipped detector's own text boxes."""
