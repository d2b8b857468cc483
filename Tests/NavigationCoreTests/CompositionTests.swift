import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// A project tracker's compositions: a sheet presented from a pushed page, sheet → sheet →
/// alert, and a wizard whose stack lives in a sheet.
final class TrackerModel {
  @Observed var path = UINavigationPath()
  @Observed var edit: Project?
  @Observed var team: Team?
  @Observed var confirm: AlertState<Never>?
  @Observed var wizard: Wizard?
  @Observed var wizardPath = UINavigationPath()
  var dismissals: [String] = []

  struct Project: Hashable { var id: Int; var name: String }
  struct Team: Hashable {
    var name = "Core"
    var invite: Invite?
  }
  struct Invite: Hashable { var email = "" }
  struct Wizard: Hashable { var name = "" }
  struct Step: Hashable { var number: Int }

  /// `edit` while it edits `project` (so only that project's page presents the sheet).
  func editing(_ project: Project) -> UIBinding<Project?> {
    $edit.member(get: { $0?.id == project.id ? $0 : nil }, set: { $0 = $1 }).named("edit")
  }
}

/// The tracker's view: projects on a stack, each page able to present the edit sheet; a team
/// sheet presenting an invite sheet (a binding derived from the team's, so named `team.invite`)
/// presenting an alert; a wizard sheet holding its own stack.
func trackerView(_ model: TrackerModel) -> Node {
  NavigationStack(path: model.$path) {
    main {
      h1 { "Projects" }
      p { button(.onClick { model.team = TrackerModel.Team() }) { "Team" } }
      p { button(.onClick { model.wizard = TrackerModel.Wizard() }) { "New project" } }
    }
    .navigationDestination(for: TrackerModel.Project.self) { project in
      h1 { project.name }
      // The page presents the sheet: it goes when the page is popped.
      p { button(.onClick { model.edit = project }) { "Edit" } }
        .sheet(item: model.editing(project), onDismiss: { model.dismissals.append("edit") }) { project in
          h2 { "Edit \(project.wrappedValue.name)" }
        }
    }
  }
  .sheet(item: model.$team.named("team"), onDismiss: { model.dismissals.append("team") }) { team in
    div {
      h2 { "Team \(team.wrappedValue.name)" }
      p { button(.onClick { team.wrappedValue.invite = TrackerModel.Invite() }) { "Invite" } }
    }
    .sheet(
      item: team.member(get: { $0.invite }, set: { $0.invite = $1 }).named("invite"),
      onDismiss: { model.dismissals.append("invite") }
    ) { _ in
      div {
        h2 { "Invite a member" }
        p {
          button(.onClick { model.confirm = AlertState { TextState("Send the invite?") } }) {
            "Send"
          }
        }
      }
      .alert(model.$confirm.named("confirm"), onDismiss: { model.dismissals.append("confirm") })
    }
  }
  .sheet(item: model.$wizard.named("wizard"), onDismiss: { model.dismissals.append("wizard") }) { _ in
    NavigationStack(path: model.$wizardPath) {
      div {
        h2 { "New project" }
        p { NavigationLink(value: TrackerModel.Step(number: 2)) { "Next" } }
      }
      .navigationDestination(for: TrackerModel.Step.self) { step in
        h2 { "Step \(step.number)" }
      }
    }
  }
}

extension NavigationCoreTests {
  @Suite struct CompositionTests {
    // MARK: State follows what is shown

    @Test func poppingThePresenterNilsItsSheetOnce() throws {
      let model = TrackerModel()
      model.path = UINavigationPath([TrackerModel.Project(id: 2, name: "Atlas")])
      let driver = PageDriver(model: model, view: trackerView)
      try driver.press("Edit")
      #expect(driver.topDialog?.id == "stack-page-1-edit")

      model.path = UINavigationPath()
      driver.settle()
      #expect(model.edit == nil)
      #expect(driver.openDialogs.isEmpty)
      #expect(model.dismissals == ["edit"])

      // Pushing the page again brings back the page, not the old sheet.
      model.path = UINavigationPath([TrackerModel.Project(id: 2, name: "Atlas")])
      driver.settle()
      #expect(driver.html.contains("<h1 id=\"stack-page-1-title\">Atlas</h1>"))
      #expect(driver.openDialogs.isEmpty)
      #expect(model.dismissals == ["edit"])
    }

    @Test func truncatingThePathBelowThePresenterNilsItsSheet() throws {
      let model = TrackerModel()
      model.path = UINavigationPath([
        TrackerModel.Project(id: 1, name: "Atlas"), TrackerModel.Project(id: 2, name: "Borealis"),
      ])
      let driver = PageDriver(model: model, view: trackerView)
      try driver.press("Edit")
      #expect(model.edit?.id == 2)
      model.path.removeLast()
      driver.settle()
      #expect(model.edit == nil)
      #expect(driver.openDialogs.isEmpty)
      #expect(model.dismissals == ["edit"])
      // Page 1's own Edit presents its project, nothing stale.
      try driver.press("Edit")
      #expect(model.edit?.id == 1)
      #expect(driver.topDialog?.title == "Edit Atlas")
    }

    @Test func dismissingTheParentNilsEveryPresentationAboveIt() throws {
      let model = TrackerModel()
      let driver = PageDriver(model: model, view: trackerView)
      try driver.press("Team")
      try driver.press("Invite")
      try driver.press("Send")
      #expect(driver.openDialogs.map(\.id) == ["team", "team-invite", "team-invite-confirm"])

      model.team = nil
      driver.settle()
      #expect(model.confirm == nil)
      #expect(driver.openDialogs.isEmpty)
      #expect(model.dismissals == ["confirm", "invite", "team"])

      try driver.press("Team")
      #expect(driver.openDialogs.map(\.id) == ["team"])
      #expect(model.team?.invite == nil)
      #expect(model.confirm == nil)
      #expect(model.dismissals == ["confirm", "invite", "team"])
    }

    @Test func aStackInADismissedSheetIsEmptied() throws {
      let model = TrackerModel()
      let driver = PageDriver(model: model, view: trackerView)
      try driver.press("New project")
      try driver.press("Next")
      #expect(model.wizardPath.count == 1)
      try driver.pressEscape()
      #expect(model.wizard == nil)
      #expect(model.wizardPath.count == 0)
      #expect(model.dismissals == ["wizard"])

      try driver.press("New project")
      #expect(driver.topDialog?.title == "New project")
      #expect(!driver.html.contains("Step 2"))
    }

    @Test func aSheetWhosePresenterOnlyMovedIsNotReleased() throws {
      // Each row presents the sheet for its project; deleting the row above the presenting one
      // moves its presentation to another place, but it still presents the same project.
      final class Model {
        @Observed var projects = [TrackerModel.Project(id: 1, name: "Atlas"), TrackerModel.Project(id: 2, name: "Borealis")]
        @Observed var edit: TrackerModel.Project?
        @Observed var steps = UINavigationPath()
      }
      let model = Model()
      model.edit = model.projects[1]
      model.steps = UINavigationPath([TrackerModel.Step(number: 2)])
      let driver = PageDriver(model: model) { model in
        ul {
          for project in model.projects {
            li { project.name }
              .sheet(
                item: model.$edit.member(get: { $0?.id == project.id ? $0 : nil }, set: { $0 = $1 }).named("edit")
              ) { project in
                NavigationStack(path: model.$steps) {
                  h2 { "Edit \(project.wrappedValue.name)" }
                    .navigationDestination(for: TrackerModel.Step.self) { step in h2 { "Step \(step.number)" } }
                }
              }
          }
        }
      }
      #expect(driver.topDialog?.id == "edit-2")
      model.projects.removeFirst()
      driver.settle()
      #expect(model.edit?.id == 2)
      #expect(model.steps.count == 1)  // its stack is the same one too
      #expect(driver.topDialog?.id == "edit")
      #expect(driver.html.contains("Step 2"))
    }

    // MARK: The test driver knows the top

    @Test func theDriverListsOpenDialogsBottomToTopAndFindsTheTopFirst() throws {
      let model = TrackerModel()
      let driver = PageDriver(model: model, view: trackerView)
      #expect(driver.topDialog == nil)
      try driver.press("Team")
      try driver.press("Invite")
      try driver.press("Send")
      #expect(driver.openDialogs.map(\.kind) == ["navigation-sheet", "navigation-sheet", "navigation-alert"])
      #expect(driver.openDialogs.map(\.title) == ["Team Core", "Invite a member", "Send the invite?"])
      let top = try #require(driver.topDialog)
      #expect(try driver.id(ofTag: "dialog") == top.nodeID)
      // What is covered is still found when nothing reachable matches.
      #expect(try driver.id(ofTag: "h2", text: "Team Core") > 0)
      try driver.pressEscape()
      #expect(driver.topDialog?.id == "team-invite")
      #expect(model.dismissals == ["confirm"])
    }

    @Test func goBackPopsTheStackInsideTheTopDialog() throws {
      let model = TrackerModel()
      model.path = UINavigationPath([TrackerModel.Project(id: 1, name: "Atlas")])
      model.wizard = TrackerModel.Wizard()
      let driver = PageDriver(model: model, view: trackerView)
      #expect(throws: PageDriverError(#"goBack(): the top dialog "wizard" has no pushed page; dismiss it first (pressEscape())"#)) {
        try driver.goBack()
      }
      try driver.press("Next")
      try driver.goBack()
      #expect(model.wizardPath.count == 0)
      #expect(model.path.count == 1)  // the main stack is not touched
      #expect(driver.topDialog?.id == "wizard")
    }
  }
}
