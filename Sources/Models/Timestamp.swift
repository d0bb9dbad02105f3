// ISO-8601 timestamps in UTC with millisecond precision, formatted and parsed without a Calendar.

import Foundation

/// Formats and parses the ISO-8601 timestamps of the on-disk format.
///
/// Written out by hand rather than with `ISO8601DateFormatter` for two reasons: a store of
/// 100,000 values parses 100,000 dates when it opens, and the arithmetic here is the same
/// in both directions, so a date survives a round trip bit for bit.
enum Timestamp {
  /// What every message about text that is not a timestamp says after quoting the text.
  static let notADate = "is not an ISO-8601 date such as 2026-11-22T07:54:15Z"

  /// The date written as a timestamp string under `key`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` quoting the text when it is not a timestamp, or
  ///   the container's error when the key is missing or its value is not a string.
  static func decode<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> Date {
    let text = try container.decode(String.self, forKey: key)
    guard let date = parse(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "\"\(text)\" \(notADate)")
    }
    return date
  }

  /// The date with everything below a millisecond dropped.
  static func truncatedToMilliseconds(_ date: Date) -> Date {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    return Date(timeIntervalSince1970: milliseconds / 1000)
  }

  /// `2026-11-22T07:54:15Z`, or `2026-11-22T07:54:15.250Z` when there are milliseconds.
  static func format(_ date: Date) -> String {
    let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let milliseconds = Int(total.modulo(1000))
    let seconds = (total - Int64(milliseconds)) / 1000
    let secondOfDay = Int(seconds.modulo(86_400))
    let (year, month, day) = civilDate(daysSince1970: (seconds - Int64(secondOfDay)) / 86_400)
    var text =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
      + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    if milliseconds != 0 { text += ".\(pad(milliseconds, 3))" }
    return text + "Z"
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `nil` for anything else.
  ///
  /// Digits of the fraction beyond milliseconds are dropped.
  static func parse(_ text: String) -> Date? {
    var scanner = Scanner(Array(text.utf8))
    guard let year = scanner.number(digits: 4), scanner.skip("-"),
      let month = scanner.number(digits: 2), scanner.skip("-"),
      let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
      let hour = scanner.number(digits: 2), scanner.skip(":"),
      let minute = scanner.number(digits: 2), scanner.skip(":"),
      let second = scanner.number(digits: 2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var milliseconds = 0
    if scanner.skip(".") {
      var digits = 0
      while let digit = scanner.digit() {
        if digits < 3 { milliseconds = milliseconds * 10 + digit }
        digits += 1
      }
      guard digits > 0 else { return nil }
      for _ in digits..<max(digits, 3) { milliseconds *= 10 }
    }
    var offsetSeconds = 0
    if !(scanner.skip("Z") || scanner.skip("z")) {
      let sign: Int
      if scanner.skip("+") {
        sign = 1
      } else if scanner.skip("-") {
        sign = -1
      } else {
        return nil
      }
      guard let hours = scanner.number(digits: 2), scanner.skip(":"),
        let minutes = scanner.number(digits: 2), hours < 24, minutes < 60
      else { return nil }
      offsetSeconds = sign * (hours * 3600 + minutes * 60)
    }
    guard scanner.isAtEnd else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
    return Date(timeIntervalSince1970: Double(seconds * 1000 + Int64(milliseconds)) / 1000)
  }

  // Howard Hinnant's days-from-civil and civil-from-days, proleptic Gregorian calendar.
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
    let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civilDate(daysSince1970 days: Int64) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// A cursor over the bytes of a timestamp.
  private struct Scanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard position < bytes.count, bytes[position] == UInt8(ascii: character) else {
        return false
      }
      position += 1
      return true
    }

    mutating func digit() -> Int? {
      guard position < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
      else { return nil }
      defer { position += 1 }
      return Int(bytes[position] - UInt8(ascii: "0"))
    }

    mutating func number(digits count: Int) -> Int? {
      var value = 0
      for _ in 0..<count {
        guard let digit = digit() else { return nil }
        value = value * 10 + digit
      }
      return value
    }
  }
}

extension Int64 {
  /// The remainder that is never negative, for dates before 1970.
  fileprivate func modulo(_ divisor: Int64) -> Int64 {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}
