import NavDOMThreadSlot

/// The block each thread fills with the elements that may share one (`ElementStorage` says
/// which, and why that is sound).
///
/// Each thread has its own (a NavDOMThreadSlot slot, released when the thread ends). A
/// thread only ever adds to its own block, and what it added is never written again, so
/// threads that hold elements of another's block only read it. (A WebAssembly module does not
/// use it: there every element has a block of its own, see `Element.storage`.)
enum SharedElementBlock {
  /// 16 KiB: about nineteen rows of the benchmark table. Keeping one element alive may keep
  /// this much allocated.
  static let capacityWords = 2048

  /// An element larger than this (a list of hundreds of children) gets a block of its own:
  /// it would leave much of a shared block unused, and such elements are few.
  static let largestWords = 256

  /// `words` words at the end of the thread's block, or of a new one when they do not fit;
  /// nil when the element is too large to share.
  @inline(__always)
  static func reserve(words: Int) -> (storage: ElementStorage, offset: Int)? {
    guard words <= largestWords else { return nil }
    let pointer = navdom_thread_slot_get(NAVDOM_THREAD_SLOT_ELEMENT_BLOCK)
    if let pointer {
      // Borrowed from the slot, and retained once, for the element, when it fits.
      let current = Unmanaged<ElementStorage>.fromOpaque(pointer)
      if let offset = current._withUnsafeGuaranteedRef({ $0.reserve(words: words) }) {
        return (current.takeUnretainedValue(), offset)
      }
    }
    return startNew(reserving: words, replacing: pointer)
  }

  /// Starts a new block for the thread in place of `previous` (the slot's value, which the
  /// slot's reference is given up for) and takes `words` words at its start.
  static func startNew(
    reserving words: Int, replacing previous: UnsafeMutableRawPointer?
  ) -> (storage: ElementStorage, offset: Int) {
    let block = ElementStorage.allocate(words: capacityWords, used: words)
    if let previous { Unmanaged<ElementStorage>.fromOpaque(previous).release() }
    // The destructor releases the thread's block when the thread ends.
    navdom_thread_slot_set(NAVDOM_THREAD_SLOT_ELEMENT_BLOCK, Unmanaged.passRetained(block).toOpaque()) {
      Unmanaged<ElementStorage>.fromOpaque($0!).release()
    }
    return (block, 0)
  }
}
