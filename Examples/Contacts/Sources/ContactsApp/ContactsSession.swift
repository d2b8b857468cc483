import NavigationCore
import VirtualDOM

/// A visitor's running address book: the session a page talks to, and the model behind it, for
/// changes that come from the server rather than the page (``ContactsModel/receiveIncoming(_:)``).
///
/// ```swift
/// let running = ContactsSession(url: "/")!
/// try running.model.receiveIncoming(ContactDraft(name: "Katherine Johnson"))
/// running.session.takePendingChanges()?.patches   // [… the new row …]
/// ```
public struct ContactsSession {
  /// The app's state.
  public let model: ContactsModel
  /// The running view with its URL, as a live server or a WebAssembly page drives it.
  public let session: AppSession

  /// A fresh address book at `url`, or `nil` when the app has no page there.
  public init?(url: String) {
    guard case .success(let started) = Self.start(url: url) else { return nil }
    self = started
  }

  /// A fresh address book at `url`, or why the app has no page there (its 404 page says it).
  ///
  /// ```swift
  /// ContactsSession.start(url: "/contacts/99")   // .failure: there is no contact 99
  /// ```
  public static func start(url: String) -> Result<ContactsSession, RouteError> {
    let model = ContactsModel()
    switch AppSession.start(at: url, model: model, routes: model.routes, view: { contactsView(model) }) {
    case .success(let session): return .success(ContactsSession(model: model, session: session))
    case .failure(let error): return .failure(error)
    }
  }

  private init(model: ContactsModel, session: AppSession) {
    self.model = model
    self.session = session
  }
}

/// The app as a visitor gets it: a fresh address book at `url`, running, or `nil` when the app
/// has no page there. A live server (and, later, a WebAssembly build) starts visitors here.
///
/// ```swift
/// let session = contactsSession(url: "/contacts/2/edit")
/// session?.url    // "/contacts/2/edit": Grace Hopper's edit page over her page
/// ```
public func contactsSession(url: String) -> AppSession? {
  ContactsSession(url: url)?.session
}

/// The app at `url`, or why it has no page there: what `LiveApp(startSession:)` takes.
///
/// ```swift
/// startContacts(url: "/contacts/99")   // .failure: there is no contact 99
/// ```
public func startContacts(url: String) -> Result<AppSession, RouteError> {
  ContactsSession.start(url: url).map { $0.session }
}
