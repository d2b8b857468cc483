import NavigationCore
import Testing

extension NavigationCoreTests {
  @Suite struct BindingTests {
    init() {
      ObservationScheduler.flush()
    }

    @Test func projectedObservedPropertyReadsAndWritesTheModel() {
      let model = CounterModel()
      let count = model.$count
      count.wrappedValue = 4
      #expect(model.count == 4)
      model.count = 9
      #expect(count.wrappedValue == 9)
    }

    @Test func writesThroughABindingTriggerObservers() {
      let model = CounterModel()
      var seen: [Int] = []
      let token = observe { seen.append(model.count) }
      model.$count.wrappedValue = 2
      ObservationScheduler.flush()
      #expect(seen == [0, 2])
      _ = token
    }

    @Test func memberBindingWritesBackIntoTheWhole() {
      let model = CounterModel()
      model.destination = .sheet(Item(id: 1, name: "Hammer"))
      let item = UIBinding(model.$destination.sheet)!
      let name = item.member(get: { $0.name }, set: { $0.name = $1 })
      name.wrappedValue = "Saw"
      #expect(model.destination == .sheet(Item(id: 1, name: "Saw")))
    }

    @Test func dynamicMemberLookupDerivesKeyPathBindings() {
      @UIBinding var item = Item(id: 1, name: "Hammer")
      $item.name.wrappedValue = "Chisel"
      #expect(item.name == "Chisel")
    }

    @Test func unwrappingIsNilWhileTheOptionalIsNil() {
      let model = CounterModel()
      #expect(UIBinding(model.$destination) == nil)
    }

    @Test func unwrappedBindingKeepsLastValueAndIgnoresWritesAfterDismissal() {
      let model = CounterModel()
      model.destination = .alert("Low stock")
      let destination = UIBinding(model.$destination)!
      model.destination = nil
      #expect(destination.wrappedValue == .alert("Low stock"))
      destination.wrappedValue = .alert("Late write")
      #expect(model.destination == nil)
    }

    @Test func boolBindingFromOptionalReadsPresenceAndOnlyWritesFalse() {
      let model = CounterModel()
      let isPresented = UIBinding<Bool>(model.$destination)
      #expect(isPresented.wrappedValue == false)
      isPresented.wrappedValue = true
      #expect(model.destination == nil)
      model.destination = .alert("Hi")
      #expect(isPresented.wrappedValue == true)
      isPresented.wrappedValue = false
      #expect(model.destination == nil)
    }

    @Test func caseBindingReadsOnlyItsCase() {
      let model = CounterModel()
      let sheet = model.$destination.sheet
      #expect(sheet.wrappedValue == nil)
      model.destination = .alert("x")
      #expect(sheet.wrappedValue == nil)
      model.destination = .sheet(Item(id: 3, name: "Saw"))
      #expect(sheet.wrappedValue == Item(id: 3, name: "Saw"))
    }

    @Test func caseBindingIgnoresWritesWhileInAnotherCase() {
      let model = CounterModel()
      model.destination = .alert("Delete?")
      let sheet = model.$destination.sheet
      sheet.wrappedValue = Item(id: 1, name: "Hammer")
      #expect(model.destination == .alert("Delete?"))
      sheet.wrappedValue = nil
      #expect(model.destination == .alert("Delete?"))
    }

    @Test func caseBindingPresentsFromNilAndDismissesItsOwnCase() {
      let model = CounterModel()
      let sheet = model.$destination.sheet
      sheet.wrappedValue = Item(id: 1, name: "Hammer")
      #expect(model.destination == .sheet(Item(id: 1, name: "Hammer")))
      sheet.wrappedValue = nil
      #expect(model.destination == nil)
    }

    @Test func presentationIDNamesTheCaseAndTheItem() {
      let model = CounterModel()
      let sheet = model.$destination.named("destination").sheet.identified()
      #expect(sheet.presentationID() == nil)
      model.destination = .sheet(Item(id: 7, name: "Hammer"))
      #expect(sheet.presentationID() == "destination.sheet#7")
      model.destination = .sheet(Item(id: 8, name: "Saw"))
      #expect(sheet.presentationID() == "destination.sheet#8")
      model.destination = .alert("x")
      #expect(sheet.presentationID() == nil)
      #expect(model.$destination.alertMessage.presentationID() == "alert")
      #expect(model.$destination.presentationID() == "presented")
    }

    @Test func bindingTransactionReachesTheObserversItTriggers() {
      let model = CounterModel()
      var disabled: [Bool] = []
      let token = observe { transaction in
        _ = model.destination
        disabled.append(transaction.disablesAnimations)
      }
      var quiet = UITransaction()
      quiet.disablesAnimations = true
      model.$destination.transaction(quiet).wrappedValue = .alert("x")
      ObservationScheduler.flush()
      model.destination = nil
      ObservationScheduler.flush()
      #expect(disabled == [false, true, false])
      _ = token
    }

    @Test func uiBindableDerivesBindingsThatReleaseTheModel() {
      weak var released: RegistrarModel?
      do {
        let model = RegistrarModel()
        released = model
        @UIBindable var bindable = model
        let name = $bindable.name
        let age = $bindable.member(get: { $0.age }, set: { $0.age = $1 })
        let sameName = $bindable.name
        name.wrappedValue = "Grace"
        age.wrappedValue = 85
        #expect(model.name == "Grace")
        #expect(sameName.wrappedValue == "Grace")
        #expect(model.age == 85)
      }
      #expect(released == nil)
    }

    @Test func modelDeinitsWithSeveralBindingsAndTokensIntoIt() {
      weak var released: CounterModel?
      var bindings: [UIBinding<Item?>] = []
      var tokens: [ObserveToken] = []
      do {
        let model = CounterModel()
        released = model
        bindings.append(model.$destination.sheet)
        bindings.append(model.$destination.sheet.identified())
        let count = model.$count
        observe { _ = count.wrappedValue; _ = bindings.count }.store(in: &tokens)
        observe { _ = model.title }.store(in: &tokens)
        model.count = 1
        ObservationScheduler.flush()
      }
      tokens.removeAll()
      // `@Observed` bindings keep the property's cell alive, not the model.
      #expect(released == nil)
      bindings.removeAll()
    }
  }
}

extension NavigationCoreTests {
  @Suite struct TransactionTests {
    @Test func currentTransactionIsReadableDuringTheBody() {
      var transaction = UITransaction()
      transaction.disablesAnimations = true
      #expect(UITransaction.current.disablesAnimations == false)
      let seen = withUITransaction(transaction) { UITransaction.current.disablesAnimations }
      #expect(seen)
      #expect(UITransaction.current.disablesAnimations == false)
    }

    @Test func observersRunWithTheMergedTransactionOfTheirTurn() {
      let model = CounterModel()
      var runs: [Bool] = []
      let token = observe {
        _ = (model.count, model.title)
        runs.append(UITransaction.current.disablesAnimations)
      }
      withUITransaction(\.disablesAnimations, true) { model.count = 1 }
      model.title = "plain"
      ObservationScheduler.flush()
      #expect(runs == [false, true])
      _ = token
    }

    @Test func customKeysReadTheirDefaultUntilSet() {
      var transaction = UITransaction()
      #expect(transaction[ScrollsToTopKey.self] == 0)
      #expect(transaction.isEmpty)
      transaction[ScrollsToTopKey.self] = 120
      transaction.disablesAnimations = true
      var other = UITransaction()
      other[ScrollsToTopKey.self] = 5
      transaction.merge(other)
      #expect(transaction[ScrollsToTopKey.self] == 5)
      #expect(transaction.disablesAnimations)
    }
  }
}

private enum ScrollsToTopKey: UITransactionKey {
  static var defaultValue: Int { 0 }
}
