import NavigationCore
import Testing

private typealias Action = CounterModel.AlertAction

extension NavigationCoreTests {
  @Suite struct TextStateTests {
    @Test func concatenationMergesRunsOfTheSameStyle() {
      #expect(TextState("Hello, ") + TextState("world") == TextState("Hello, world"))
      #expect((TextState("a") + TextState("")).runs == [TextState.Run(text: "a")])
    }

    @Test func stylesBecomeRunsForLowering() {
      let text = TextState("Delete ") + TextState("Hammer").strong() + TextState("?")
        + TextState("rm").code().emphasized()
      #expect(
        text.runs == [
          .init(text: "Delete "),
          .init(text: "Hammer", style: .strong),
          .init(text: "?"),
          .init(text: "rm", style: [.code, .emphasis]),
        ])
      #expect(text.plainText == "Delete Hammer?rm")
    }

    @Test func stylingAppliesToEveryRun() {
      let text = (TextState("a") + TextState("b").strong()).emphasized()
      #expect(text.runs == [.init(text: "a", style: .emphasis), .init(text: "b", style: [.emphasis, .strong])])
      #expect(TextState(verbatim: "x").strong() != TextState("x"))
    }
  }
}

extension NavigationCoreTests {
  @Suite struct AlertStateTests {
    @Test func alertWithoutButtonsGetsADefaultOKCancelButton() {
      let alert = AlertState<Action> { TextState("Saved") }
      #expect(alert.buttons.count == 1)
      #expect(alert.buttons[0].role == .cancel)
      #expect(alert.buttons[0].label == TextState("OK"))
      #expect(alert.buttons[0].action.action == nil)
      #expect(alert.message == nil)
    }

    @Test func builderSupportsConditionsAndLoops() {
      let isLocked = true
      let alert = AlertState<Action> {
        TextState("Delete?")
      } actions: {
        if isLocked {
          ButtonState(role: .destructive, action: .confirmDelete) { TextState("Unlock and delete") }
        } else {
          ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
        }
        for _ in 0..<2 {
          ButtonState(action: .undo) { TextState("Undo") }
        }
        ButtonState(role: .cancel) { TextState("Nevermind") }
      } message: {
        TextState("This cannot be undone.")
      }
      #expect(alert.buttons.map(\.label.plainText) == ["Unlock and delete", "Undo", "Undo", "Nevermind"])
      #expect(alert.buttons.map(\.role) == [.destructive, nil, nil, .cancel])
      #expect(alert.message == TextState("This cannot be undone."))
    }

    @Test func alertsCompareByContent() {
      func make(_ title: String) -> AlertState<Action> {
        AlertState { TextState(title) } actions: {
          ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
        }
      }
      #expect(make("A") == make("A"))
      #expect(make("A") != make("B"))
      #expect(Set([make("A"), make("A")]).count == 1)
    }

    @Test func mapTransformsEveryButtonAction() {
      enum Parent: Equatable { case alert(Action) }
      let alert = AlertState<Action> { TextState("Delete?") } actions: {
        ButtonState(action: .confirmDelete) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
      let mapped = alert.map { $0.map(Parent.alert) }
      #expect(mapped.buttons.map(\.action.action) == [.alert(.confirmDelete), nil])
      #expect(mapped.title == alert.title)
    }

    @Test func animatedButtonActionRunsInsideATransaction() {
      var seen: [Bool] = []
      let plain = ButtonState<Action>(action: .undo) { TextState("Undo") }
      let still = ButtonState<Action>(action: .send(.undo, animated: false)) { TextState("Undo") }
      plain.withAction { _ in seen.append(UITransaction.current.disablesAnimations) }
      still.withAction { action in
        #expect(action == .undo)
        seen.append(UITransaction.current.disablesAnimations)
      }
      #expect(seen == [false, true])
    }

    @Test func confirmationDialogKeepsTitleVisibility() {
      let dialog = ConfirmationDialogState<Action>(titleVisibility: .hidden) {
        TextState("Options")
      } actions: {
        ButtonState(action: .undo) { TextState("Undo") }
      }
      #expect(dialog.titleVisibility == .hidden)
      #expect(!dialog.isTitleVisible)
      #expect(dialog.buttons.count == 1)
      let automatic = ConfirmationDialogState<Action>(title: { TextState("Share") })
      #expect(automatic.titleVisibility == .automatic)
      #expect(automatic.buttons.isEmpty)
      #expect(automatic.map { $0 } == automatic)
    }
  }
}

extension NavigationCoreTests {
  @Suite struct NavigationPathTests {
    struct ItemRoute: Hashable, Codable { var number: Int }
    struct Opaque: Hashable { var name: String }

    @Test func appendAndRemoveLastTrackCount() {
      var path = UINavigationPath()
      #expect(path.isEmpty)
      path.append(ItemRoute(number: 1))
      path.append("settings")
      path.append(ItemRoute(number: 2))
      #expect(path.count == 3)
      path.removeLast()
      #expect(path.count == 2)
      path.removeLast(2)
      #expect(path.isEmpty)
    }

    @Test func elementsRecoverTheirTypedValues() {
      var path = UINavigationPath()
      path.append(ItemRoute(number: 7))
      path.append("settings")
      #expect(path[0].value(as: ItemRoute.self) == ItemRoute(number: 7))
      #expect(path[0].value(as: String.self) == nil)
      #expect(path[1].value(as: String.self) == "settings")
    }

    @Test func pathsCompareElementwiseAcrossTypes() {
      var first = UINavigationPath()
      first.append(1)
      first.append("a")
      var second = UINavigationPath()
      second.append(1)
      second.append("a")
      #expect(first == second)
      second.removeLast()
      second.append("b")
      #expect(first != second)
      #expect(UINavigationPath.Element(1) != UINavigationPath.Element("1"))
    }

    @Test func codablePathsRoundTripAndOpaqueOnesDoNot() throws {
      var path = UINavigationPath()
      path.append(ItemRoute(number: 3))
      path.append("details")
      let codable = try #require(path.codable)
      #expect(try UINavigationPath(codable) == path)
      path.append(Opaque(name: "x"))
      #expect(path.codable == nil)
    }

    @Test func pathInAnObservedPropertyNotifiesOnPush() {
      final class AppModel { @Observed var path = UINavigationPath() }
      let model = AppModel()
      var counts: [Int] = []
      let token = observe { counts.append(model.path.count) }
      model.path.append(ItemRoute(number: 1))
      model.path.append(ItemRoute(number: 2))
      ObservationScheduler.flush()
      #expect(counts == [0, 2])
      _ = token
    }
  }
}
