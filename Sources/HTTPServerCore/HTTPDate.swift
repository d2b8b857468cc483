import Glibc

/// IMF-fixdate formatting and parsing (`Sun, 06 Nov 1994 08:49:37 GMT`), for `Date`,
/// `Last-Modified` and `If-Modified-Since`.
package enum HTTPDate {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  package static func format(secondsSince1970 seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(weekdays[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
      + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
  }

  /// Parses an IMF-fixdate; other (obsolete) formats give `nil`, which callers treat as absent.
  package static func parse(_ text: String) -> Int? {
    let fields = text.split(separator: " ")
    guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","), fields[5] == "GMT",
      let day = Int32(fields[1]), let monthIndex = months.firstIndex(of: String(fields[2])),
      let year = Int32(fields[3])
    else { return nil }
    let clock = fields[4].split(separator: ":")
    guard clock.count == 3, let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2]),
      (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
      (1970...9999).contains(year)
    else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = Int32(monthIndex)
    parts.tm_mday = day
    parts.tm_hour = hour
    parts.tm_min = minute
    parts.tm_sec = second
    return Int(timegm(&parts))
  }
}
