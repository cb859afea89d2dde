import Foundation

/// `yyyy/MM/dd` dates (`2024/03/01`, also `2024/3/1`): midnight, UTC assumed.
enum SlashDateParsing {
    static func date(from string: String) -> ParsedDate? {
        var text = DateTextCursor(string)
        guard let year = text.digits(4), text.skip(UInt8(ascii: "/")), let month = text.digits(1...2),
            text.skip(UInt8(ascii: "/")), let day = text.digits(1...2), text.atEnd
        else { return nil }
        return ParsedDate(year: year, month: month, day: day, offset: nil)
    }
}
