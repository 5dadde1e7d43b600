/// The golden terminal pictures, one Swift file each (SwiftPM would warn about text files in a
/// test target). Each constant is the picture without its final newline.
enum GoldenPictures {}
