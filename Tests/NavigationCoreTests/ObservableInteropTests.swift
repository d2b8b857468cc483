#if canImport(Observation)
  import NavigationCore
  import Observation
  import Testing

  @Observable final class MacroModel {
    var count = 0
    var title = "Macro"
  }

  extension NavigationCoreTests {
    @Suite struct ObservableInteropTests {
      init() {
        ObservationScheduler.flush()
      }

      @Test func observableMacroModelsReRunOncePerTurnAfterTheValueIsStored() {
        let model = MacroModel()
        var seen: [Int] = []
        let token = observe { seen.append(model.count) }
        model.count = 1
        model.count = 2
        ObservationScheduler.flush()
        #expect(seen == [0, 2])
        model.count = 3
        ObservationScheduler.flush()
        #expect(seen == [0, 2, 3])
        _ = token
      }

      @Test func observableMacroTrackingIsReArmedAndStaleReadsAreIgnored() {
        let model = MacroModel()
        let gate = CounterModel()
        var runs = 0
        let token = observe {
          runs += 1
          if gate.isShowingTitle { _ = model.title } else { _ = model.count }
        }
        gate.isShowingTitle = false
        ObservationScheduler.flush()
        model.title = "changed"  // read only by the first run
        ObservationScheduler.flush()
        #expect(runs == 2)
        model.count = 1
        ObservationScheduler.flush()
        #expect(runs == 3)
        _ = token
      }

      @Test func nestedObserveOfAnObservableModelDoesNotReRunTheOuter() {
        let model = MacroModel()
        var outerRuns = 0
        var innerRuns = 0
        var inner: ObserveToken?
        let outer = observe {
          outerRuns += 1
          _ = model.title
          inner = observe { innerRuns += 1; _ = model.count }
        }
        model.count = 1
        ObservationScheduler.flush()
        #expect(outerRuns == 1)
        #expect(innerRuns == 2)
        _ = (outer, inner)
      }

      @Test func observableModelsDeinitOnceTokensAndBindingsAreGone() {
        weak var released: MacroModel?
        do {
          let model = MacroModel()
          released = model
          @UIBindable var bindable = model
          let count = $bindable.count
          let title = $bindable.title
          var tokens: [ObserveToken] = []
          observe { _ = model.count }.store(in: &tokens)
          observe { _ = count.wrappedValue; _ = title.wrappedValue }.store(in: &tokens)
          count.wrappedValue = 5
          ObservationScheduler.flush()
          #expect(model.count == 5)
        }
        #expect(released == nil)
      }

      @Test func transactionsReachObserversOfObservableModels() {
        let model = MacroModel()
        var disabled: [Bool] = []
        let token = observe { transaction in
          _ = model.count
          disabled.append(transaction.disablesAnimations)
        }
        withUITransaction(\.disablesAnimations, true) { model.count = 1 }
        ObservationScheduler.flush()
        #expect(disabled == [false, true])
        _ = token
      }
    }
  }
#endif
