// OCR adapters land here.
