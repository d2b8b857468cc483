import NavDOMThreadSlot

/// Which `RuntimeState` is current, per thread.
///
/// Each thread has a slot of its own (NavDOMThreadSlot: POSIX thread-specific data natively,
/// freed with the thread; a global in a single-threaded wasm module), so runtimes on different
/// threads never meet. It keeps two things: the state a runtime entered (`RuntimeState.enter`),
/// and the thread's own state for work outside any runtime.
enum CurrentRuntimeState {
  /// The innermost state entered on this thread, if any.
  static var entered: RuntimeState? {
    get { ThreadSlot.current.entered }
    set { ThreadSlot.current.entered = newValue }
  }

  /// This thread's own state, made on first use.
  static var threadDefault: RuntimeState { ThreadSlot.current.threadDefault }

  /// The state of the code running now on this thread (one thread-slot lookup).
  static var state: RuntimeState {
    let slot = ThreadSlot.current
    return slot.entered ?? slot.threadDefault
  }
}

/// One thread's slot.
final class ThreadSlot {
  var entered: RuntimeState?
  /// The visitor storage a host set for the session being started (`VisitorStorage.using`).
  var visitorStorage: VisitorStorage?
  private var ownState: RuntimeState?

  var threadDefault: RuntimeState {
    if let ownState { return ownState }
    let state = RuntimeState()
    ownState = state
    return state
  }

  /// The slot of the calling thread, made on its first use and released when the thread ends.
  static var current: ThreadSlot {
    if let pointer = navdom_thread_slot_get(NAVDOM_THREAD_SLOT_RUNTIME) {
      return Unmanaged<ThreadSlot>.fromOpaque(pointer).takeUnretainedValue()
    }
    let slot = ThreadSlot()
    // The destructor releases it when the thread ends.
    navdom_thread_slot_set(NAVDOM_THREAD_SLOT_RUNTIME, Unmanaged.passRetained(slot).toOpaque()) {
      Unmanaged<ThreadSlot>.fromOpaque($0!).release()
    }
    return slot
  }
}
