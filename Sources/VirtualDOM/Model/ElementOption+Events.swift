// The DSL's event vocabulary: one helper per event apps use, with the options the page applies
// before any round trip (key filters, debounce, throttle). docs/EVENTS.md lists each helper
// and what its payload carries.

extension ElementOption {
  /// Listens for a DOM event with options the page applies first (key filter, debounce,
  /// throttle); `action` gets the event's payload.
  ///
  /// ```swift
  /// div(.on("scroll", options: EventOptions(throttle: .milliseconds(100))) { _ in model.loadMore() })
  /// ```
  public static func on(
    _ event: String, options: EventOptions, _ action: @escaping (EventPayload) -> Void
  ) -> ElementOption {
    .listener(EventListener(event, options: options, action))
  }

  /// Runs `action` with the field's value once typing pauses for `debounce` (or at once when
  /// the page sends another event first).
  ///
  /// ```swift
  /// input(.onInput(debounce: .milliseconds(250)) { model.query = $0 })
  /// ```
  public static func onInput(debounce: EventDelay, _ action: @escaping (String) -> Void) -> ElementOption {
    .listener(EventListener("input", options: EventOptions(debounce: debounce), body: .value(action)))
  }

  /// Runs `action` with the field's value at most once per `throttle` while the user types
  /// (the last value of an interval is sent at its end).
  ///
  /// ```swift
  /// input(.onInput(throttle: .milliseconds(200)) { model.preview = $0 })
  /// ```
  public static func onInput(throttle: EventDelay, _ action: @escaping (String) -> Void) -> ElementOption {
    .listener(EventListener("input", options: EventOptions(throttle: throttle), body: .value(action)))
  }

  /// Runs `action` on a double click (the `dblclick` event).
  ///
  /// ```swift
  /// label(.onDoubleClick { model.editing = todo.id }) { todo.title }
  /// ```
  public static func onDoubleClick(_ action: @escaping () -> Void) -> ElementOption {
    .listener(EventListener("dblclick", body: .plain(action)))
  }

  /// Runs `action` when the element gets focus; the payload carries a form control's value.
  ///
  /// ```swift
  /// input(.onFocus { _ in model.isSearching = true })
  /// ```
  public static func onFocus(_ action: @escaping (EventPayload) -> Void) -> ElementOption {
    .listener(EventListener("focus", action))
  }

  /// Runs `action` when the element loses focus; the payload carries a form control's value,
  /// so a field can be committed on blur without mirroring every keystroke.
  ///
  /// ```swift
  /// input(.onBlur { payload in model.commit(payload.value ?? "") })
  /// ```
  public static func onBlur(_ action: @escaping (EventPayload) -> Void) -> ElementOption {
    .listener(EventListener("blur", action))
  }

  /// Runs `action` for the key presses matching one of `keys` (every key when none is given);
  /// the page filters them, so other keys cost nothing. The payload has the key, the
  /// modifiers and the field's value.
  ///
  /// ```swift
  /// input(.onKeyDown(.enter) { payload in model.add(payload.value ?? "") })
  /// input(.onKeyDown(.escape, .enter.with(.control)) { payload in model.finish(payload.key) })
  /// ```
  public static func onKeyDown(_ keys: KeyPress..., perform action: @escaping (EventPayload) -> Void) -> ElementOption {
    .listener(EventListener("keydown", options: EventOptions(keys: keys), action))
  }

  /// `onKeyDown` for the key's release (`keyup`).
  ///
  /// ```swift
  /// input(.onKeyUp(.escape) { _ in model.cancelEditing() })
  /// ```
  public static func onKeyUp(_ keys: KeyPress..., perform action: @escaping (EventPayload) -> Void) -> ElementOption {
    .listener(EventListener("keyup", options: EventOptions(keys: keys), action))
  }

  /// Runs `action` with a checkbox's or radio button's checked state as the user left it
  /// (the `change` event). Set the model to it rather than flipping the model: a flip goes
  /// wrong when a second click leaves before the first one's reply arrives (docs/EVENTS.md).
  ///
  /// ```swift
  /// input(.type("checkbox"), .checked(todo.isDone), .onToggle { todo.isDone = $0 })
  /// ```
  public static func onToggle(_ action: @escaping (Bool) -> Void) -> ElementOption {
    .listener(EventListener("change", body: .checked(action)))
  }
}
