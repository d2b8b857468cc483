/// Builds a list of buttons from statements, with `if`, `if`/`else` and `for`.
///
/// ```swift
/// model.alert = AlertState {
///   TextState("Delete \(item.name)?")
/// } actions: {
///   if item.isLocked {
///     ButtonState(role: .destructive, action: .unlockAndDelete) { TextState("Unlock and delete") }
///   } else {
///     ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
///   }
///   ButtonState(role: .cancel) { TextState("Nevermind") }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// Combines the buttons of consecutive statements.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// Lifts one button into a list.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// Accepts an existing list of buttons as a statement.
  public static func buildExpression(_ buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of an `if` without `else`, or none.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  /// The buttons of the first branch of an `if`/`else`.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of the second branch of an `if`/`else`.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of every iteration of a `for` loop.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if #available` branch.
  public static func buildLimitedAvailability(
    _ buttons: [ButtonState<Action>]
  ) -> [ButtonState<Action>] {
    buttons
  }
}
