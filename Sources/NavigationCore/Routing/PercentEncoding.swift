import NavDOMSupport

/// Percent-encoding of URL path segments and query values: every byte of the UTF-8 text but
/// `A–Z a–z 0–9 - . _ ~` becomes `%XX`, so the result is safe anywhere in a URL (a `/`, `?`,
/// `&`, `=`, `#`, `+` or space included).
///
/// ```swift
/// "/?q=" + PercentEncoding.encode("dune & more")   // "/?q=dune%20%26%20more"
/// PercentEncoding.decode("dune%20%26%20more")       // "dune & more"
/// ```
public enum PercentEncoding {
  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// `text` with every byte outside `A–Z a–z 0–9 - . _ ~` written as `%XX`.
  ///
  /// ```swift
  /// PercentEncoding.encode("red shoes")   // "red%20shoes"
  /// ```
  public static func encode(_ text: String) -> String {
    var bytes: [UInt8] = []
    for byte in text.scannedBytes {
      let isUnreserved =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
      if isUnreserved {
        bytes.append(byte)
      } else {
        bytes.append(0x25)
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` with its `%XX` escapes read back, or `nil` when an escape is cut short or the bytes
  /// are not UTF-8 (`+` stays a `+`: only a query reads it as a space).
  ///
  /// ```swift
  /// PercentEncoding.decode("red%20shoes")   // "red shoes"
  /// PercentEncoding.decode("50%")           // nil
  /// ```
  public static func decode(_ text: String) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.scannedBytes.makeIterator()
    while let byte = iterator.next() {
      guard byte == 0x25 else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }
}
