import Foundation

/// A readable, escaped rendering of input bytes (UTF-8 shown as text, anything else as `\xNN`).
func describeInput(_ data: Data, limit: Int = 400) -> String {
    var out = ""
    for b in data.prefix(limit) {
        if b >= 0x20 && b < 0x7F {
            out.unicodeScalars.append(Unicode.Scalar(b))
        } else if b == 0x0A {
            out += "\\n"
        } else {
            out += "\\x" + String(b, radix: 16, uppercase: true).leftPadded(2)
        }
    }
    if data.count > limit { out += "… (\(data.count) bytes)" }
    return out
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
