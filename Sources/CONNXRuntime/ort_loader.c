// Placeholder: the ONNX Runtime loader lands here.
