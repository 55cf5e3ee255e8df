import Foundation
import ScreenRecognition
import ScreenRecognitionONNX
public struct PPOCRTextRecognizer: TextRecognizer { public init(modelsDirectory: URL, runtime: ONNXRuntime, threads: Int) throws {}
 public func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] { [] } }
public struct TesseractTextRecognizer: TextRecognizer { public init() throws {}
 public func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] { [] } }
