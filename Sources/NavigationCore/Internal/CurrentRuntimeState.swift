#if !hasFeature(Embedded)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
#endif

/// Which `RuntimeState` is current, per thread.
///
/// Natively each thread has a slot of its own (POSIX thread-specific data, freed with the
/// thread), so runtimes on different threads never meet. Embedded Swift for WebAssembly is
/// single-threaded: there the one slot is a global. Both keep the same two things: the state a
/// runtime entered (`RuntimeState.enter`), and the thread's own state for work outside any
/// runtime.
enum CurrentRuntimeState {
  #if hasFeature(Embedded)
    // Safe: an Embedded Swift (wasm32) module has one thread.
    /// The innermost state entered, if any.
    nonisolated(unsafe) static var entered: RuntimeState?
    /// The state of work outside any runtime.
    nonisolated(unsafe) static let threadDefault = RuntimeState()

    /// The state of the code running now.
    static var state: RuntimeState { entered ?? threadDefault }
  #else
    /// The innermost state entered on this thread, if any.
    static var entered: RuntimeState? {
      get { ThreadSlot.current.entered }
      set { ThreadSlot.current.entered = newValue }
    }

    /// This thread's own state, made on first use.
    static var threadDefault: RuntimeState { ThreadSlot.current.threadDefault }

    /// The state of the code running now on this thread (one thread-specific lookup).
    static var state: RuntimeState {
      let slot = ThreadSlot.current
      return slot.entered ?? slot.threadDefault
    }
  #endif
}

#if !hasFeature(Embedded)
  /// One thread's slot.
  final class ThreadSlot {
    var entered: RuntimeState?
    private var ownState: RuntimeState?

    var threadDefault: RuntimeState {
      if let ownState { return ownState }
      let state = RuntimeState()
      ownState = state
      return state
    }

    /// The slot of the calling thread, made on its first use and released when the thread ends.
    static var current: ThreadSlot {
      if let pointer = pthread_getspecific(threadSlotKey) {
        return Unmanaged<ThreadSlot>.fromOpaque(pointer).takeUnretainedValue()
      }
      let slot = ThreadSlot()
      pthread_setspecific(threadSlotKey, Unmanaged.passRetained(slot).toOpaque())
      return slot
    }
  }

  /// The key of every thread's slot; its destructor releases the slot when the thread exits.
  private let threadSlotKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<ThreadSlot>.fromOpaque(pointer).release()
      #else
        guard let pointer else { return }
        Unmanaged<ThreadSlot>.fromOpaque(pointer).release()
      #endif
    }
    precondition(status == 0, "navdom: pthread_key_create failed (\(status))")
    return key
  }()
#endif
