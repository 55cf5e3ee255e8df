// ONNX Runtime wrapper: lands here.
