import Glibc

/// An open regular file to send as a response body; the server streams it with `sendfile`
/// and closes it when the response is done.
///
/// ```swift
/// guard let file = FileBody(path: "/srv/public/app.wasm") else { return nil }
/// return HTTPResponse(status: .ok, headers: ["Content-Type": MIMEType.forPath("app.wasm")], body: .file(file))
/// ```
// Safe: immutable; its descriptor is read with pread and sendfile at explicit offsets, never
// through the shared file position.
public final class FileBody: @unchecked Sendable {
  /// The open descriptor, read-only.
  package let descriptor: Int32
  /// The file's size when it was opened; exactly this many bytes are sent.
  public let byteCount: Int
  /// The file's modification time, in seconds and nanoseconds since 1970.
  public let modificationTime: (seconds: Int, nanoseconds: Int)

  /// Opens a regular file for reading; `nil` when it cannot be opened or is not a regular file.
  ///
  /// ```swift
  /// let file = FileBody(path: "public/index.html")
  /// ```
  public convenience init?(path: String) {
    // O_NONBLOCK: opening a FIFO must not block the event loop (it is then refused below).
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      return nil
    }
    self.init(adopting: descriptor, status: status)
  }

  /// Takes ownership of an open regular file whose `fstat` is `status`.
  package init(adopting descriptor: Int32, status: stat) {
    self.descriptor = descriptor
    self.byteCount = Int(status.st_size)
    self.modificationTime = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
  }

  deinit {
    close(descriptor)
  }
}
