import Glibc

// The toolchain's Glibc module map does not include <sys/epoll.h>, <sys/eventfd.h> or
// <sys/sendfile.h>, and this package has no C targets, so the few functions the event loop needs
// are bound by symbol name. Every argument is an integer or a pointer, which the Swift and C
// calling conventions pass identically on x86_64 and arm64 Linux.

@_silgen_name("epoll_create1")
func systemEpollCreate(_ flags: Int32) -> Int32

@_silgen_name("epoll_ctl")
func systemEpollControl(_ epoll: Int32, _ operation: Int32, _ descriptor: Int32, _ event: UnsafeMutableRawPointer?) -> Int32

@_silgen_name("epoll_wait")
func systemEpollWait(_ epoll: Int32, _ events: UnsafeMutableRawPointer, _ maximumEvents: Int32, _ timeout: Int32) -> Int32

@_silgen_name("eventfd")
func systemEventDescriptor(_ initialValue: UInt32, _ flags: Int32) -> Int32

@_silgen_name("sendfile")
func systemSendFile(_ output: Int32, _ input: Int32, _ offset: UnsafeMutablePointer<Int>?, _ count: Int) -> Int

@_silgen_name("accept4")
func systemAccept(_ descriptor: Int32, _ address: UnsafeMutableRawPointer?, _ length: UnsafeMutableRawPointer?, _ flags: Int32) -> Int32

/// Constants from the Linux headers the Glibc module does not import.
enum LinuxConstant {
  static let epollCloseOnExec: Int32 = 0o2000000
  static let epollAdd: Int32 = 1
  static let epollDelete: Int32 = 2
  static let epollModify: Int32 = 3
  static let epollIn: UInt32 = 0x001
  static let epollOut: UInt32 = 0x004
  static let epollError: UInt32 = 0x008
  static let epollHangUp: UInt32 = 0x010
  static let epollExclusive: UInt32 = 1 << 28
  static let eventNonBlocking: Int32 = 0o4000
  static let eventCloseOnExec: Int32 = 0o2000000
  static let socketNonBlocking: Int32 = 0o4000
  static let socketCloseOnExec: Int32 = 0o2000000
}

/// `struct epoll_event` is packed (12 bytes) on x86_64 and naturally aligned (16 bytes) elsewhere.
enum EpollEventLayout {
  #if arch(x86_64) || arch(i386)
    static let size = 12
    static let dataOffset = 4
  #else
    static let size = 16
    static let dataOffset = 8
  #endif
}

/// Registers, changes or removes interest in a descriptor; `data` comes back with its events.
@discardableResult
func epollControl(_ epoll: Int32, _ operation: Int32, descriptor: Int32, events: UInt32, data: UInt64) -> Int32 {
  withUnsafeTemporaryAllocation(byteCount: 16, alignment: 8) { raw in
    raw.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
    raw.storeBytes(of: data, toByteOffset: EpollEventLayout.dataOffset, as: UInt64.self)
    return systemEpollControl(epoll, operation, descriptor, raw.baseAddress)
  }
}
