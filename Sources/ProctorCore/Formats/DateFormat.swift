import Foundation

/// Dates in input files: RFC 3339 (the ISO 8601 profile), with a time zone, e.g.
/// `2026-05-01T09:30:00Z` or `2026-05-01T11:30:00.250+02:00`.
///
/// A hand-written parser rather than `ISO8601DateFormatter`: it is strict about the zone being
/// present, needs no locale, is safe to call from many threads at once, and is fast.
package enum DateFormat {
    package static func parse(_ text: String) -> Date? {
        // Read the bytes in place: copying them into an array costs an allocation per date.
        var text = text
        return text.withUTF8(parse)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                index += 1
            }
            return value
        }
        /// Consumes `byte` (or `alternative`, such as lowercase `t` for `T`).
        func expect(_ byte: Unicode.Scalar, or alternative: Unicode.Scalar? = nil) -> Bool {
            guard index < bytes.count,
                bytes[index] == UInt8(ascii: byte) || alternative.map({ bytes[index] == UInt8(ascii: $0) }) == true
            else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("T", or: "t"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2)
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        if expect("Z", or: "z") {
            offsetSeconds = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let zoneHours = number(2), expect(":"), let zoneMinutes = number(2), zoneHours < 24, zoneMinutes < 60
            else { return nil }
            offsetSeconds = sign * (zoneHours * 3600 + zoneMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// Formats a date as RFC 3339 in UTC with whole seconds, as reports print it.
    package static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, secondsOfDay / 3600, secondsOfDay % 3600 / 60,
            secondsOfDay % 60)
    }

    /// The instant a wall-clock time names in `timeZone`, in the proleptic Gregorian calendar
    /// that RFC 3339 and ``format(_:)`` use (Foundation's Gregorian calendar turns Julian before
    /// October 1582). In a daylight-saving gap the time is read with the offset before the change.
    package static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, in timeZone: TimeZone) -> Date {
        let local = Double(daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second)
        let firstGuess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - Double(firstGuess)))
        return Date(timeIntervalSince1970: local - Double(offset))
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil algorithm (public domain), proleptic Gregorian calendar.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
