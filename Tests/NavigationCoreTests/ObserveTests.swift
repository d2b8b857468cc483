import NavigationCore
import Testing

// Observation state is process-wide and single-threaded by design, so these suites run serially.
extension NavigationCoreTests {
  @Suite struct ObserveTests {
    init() {
      ObservationScheduler.flush()
    }

    @Test func runsOnceImmediately() {
      let model = CounterModel()
      var seen: [Int] = []
      let token = observe { seen.append(model.count) }
      #expect(seen == [0])
      _ = token
    }

    @Test func reRunsOnceForSeveralMutationsInOneTurn() {
      let model = CounterModel()
      var seen: [Int] = []
      let token = observe { seen.append(model.count) }
      model.count += 1
      model.count += 1
      model.count = 5
      #expect(seen == [0])
      #expect(ObservationScheduler.hasPendingObservers)
      #expect(ObservationScheduler.flush() == 1)
      #expect(seen == [0, 5])
      #expect(ObservationScheduler.flush() == 0)
      _ = token
    }

    @Test func doesNotReRunForUnreadProperties() {
      let model = CounterModel()
      var runs = 0
      let token = observe { runs += 1; _ = model.count }
      model.title = "Other"
      ObservationScheduler.flush()
      #expect(runs == 1)
      _ = token
    }

    @Test func tracksOnlyWhatTheLatestRunRead() {
      let model = CounterModel()
      var texts: [String] = []
      let token = observe {
        texts.append(model.isShowingTitle ? model.title : "\(model.count)")
      }
      model.isShowingTitle = false
      ObservationScheduler.flush()
      #expect(texts == ["Counter", "0"])
      model.title = "Ignored now"
      ObservationScheduler.flush()
      #expect(texts == ["Counter", "0"])
      model.count = 3
      ObservationScheduler.flush()
      #expect(texts == ["Counter", "0", "3"])
      _ = token
    }

    @Test func inPlaceMutationOfACollectionNotifies() {
      let model = CounterModel()
      var counts: [Int] = []
      let token = observe { counts.append(model.items.count) }
      model.items.append("hammer")
      model.items.append("saw")
      ObservationScheduler.flush()
      #expect(counts == [0, 2])
      _ = token
    }

    @Test func cancelStopsReRuns() {
      let model = CounterModel()
      var runs = 0
      let token = observe { runs += 1; _ = model.count }
      token.cancel()
      #expect(token.isCancelled)
      model.count = 1
      ObservationScheduler.flush()
      #expect(runs == 1)
    }

    @Test func cancelWhilePendingDropsTheRun() {
      let model = CounterModel()
      var runs = 0
      let token = observe { runs += 1; _ = model.count }
      model.count = 1
      token.cancel()
      #expect(ObservationScheduler.flush() == 0)
      #expect(runs == 1)
    }

    @Test func releasingTheTokenStopsReRuns() {
      let model = CounterModel()
      var runs = 0
      var token: ObserveToken? = observe { runs += 1; _ = model.count }
      _ = token
      token = nil
      model.count = 1
      ObservationScheduler.flush()
      #expect(runs == 1)
    }

    @Test func nestedObserveDoesNotMakeTheOuterTrackInnerReads() {
      let model = CounterModel()
      var outerRuns = 0
      var innerRuns = 0
      var inner: ObserveToken?
      let outer = observe {
        outerRuns += 1
        _ = model.title
        inner = observe { innerRuns += 1; _ = model.count }
      }
      #expect(outerRuns == 1)
      #expect(innerRuns == 1)
      model.count = 1
      ObservationScheduler.flush()
      #expect(outerRuns == 1)
      #expect(innerRuns == 2)
      _ = (outer, inner)
    }

    @Test func nestedObserveRunsRightAfterTheEnclosingRun() {
      var order: [String] = []
      var inner: ObserveToken?
      let outer = observe {
        order.append("outer begins")
        inner = observe { order.append("inner") }
        order.append("outer ends")
      }
      #expect(order == ["outer begins", "outer ends", "inner"])
      _ = (outer, inner)
    }

    @Test func observersRunInCreationOrder() {
      let model = CounterModel()
      var order: [String] = []
      let first = observe { _ = model.count; order.append("first") }
      let second = observe { _ = model.count; order.append("second") }
      let third = observe { _ = model.count; order.append("third") }
      order.removeAll()
      model.count = 1
      ObservationScheduler.flush()
      #expect(order == ["first", "second", "third"])
      _ = (first, second, third)
    }

    @Test func mutationsMadeByAnObserverAreFlushedInTheSameFlush() {
      let model = CounterModel()
      var titles: [String] = []
      let writer = observe { model.title = "Count \(model.count)" }
      let reader = observe { titles.append(model.title) }
      model.count = 2
      ObservationScheduler.flush()
      #expect(titles == ["Count 0", "Count 2"])
      _ = (writer, reader)
    }

    @Test func scheduleFlushHookIsCalledOncePerTurn() {
      let model = CounterModel()
      var scheduled = 0
      ObservationScheduler.scheduleFlush = { scheduled += 1 }
      defer { ObservationScheduler.scheduleFlush = nil }
      let first = observe { _ = model.count }
      let second = observe { _ = model.title }
      model.count = 1
      model.title = "x"
      model.count = 2
      #expect(scheduled == 1)
      ObservationScheduler.flush()
      model.count = 3
      #expect(scheduled == 2)
      ObservationScheduler.flush()
      _ = (first, second)
    }

    @Test func registrarPropertiesAreObserved() {
      let model = RegistrarModel()
      var seen: [String] = []
      let token = observe { seen.append("\(model.name) \(model.age)") }
      model.name = "Ada"
      model.age = 36
      ObservationScheduler.flush()
      #expect(seen == [" 0", "Ada 36"])
      _ = token
    }

    @Test func observationRetainsNoModelOnceTokensAreGone() {
      weak var releasedModel: CounterModel?
      weak var releasedOther: RegistrarModel?
      do {
        let model = CounterModel()
        let other = RegistrarModel()
        releasedModel = model
        releasedOther = other
        var tokens: [ObserveToken] = []
        observe { _ = model.count; _ = other.name }.store(in: &tokens)
        observe { _ = model.title }.store(in: &tokens)
        model.count = 1
        ObservationScheduler.flush()
        #expect(releasedModel != nil)
      }
      #expect(releasedModel == nil)
      #expect(releasedOther == nil)
    }

    @Test func observingAModelDoesNotKeepItAliveWhileTheTokenLives() {
      var model: CounterModel? = CounterModel()
      weak let released = model
      var seen: [Int] = []
      let token = observe { [model] in seen.append(model?.count ?? -1) }
      // The closure captured the model; dropping our reference leaves only the token's.
      model = nil
      #expect(released != nil)
      token.cancel()
      #expect(released == nil)
    }
  }
}
