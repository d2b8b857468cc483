import NavigationCore
import VirtualDOM

/// A visitor's running address book: the session a page talks to, and the model behind it, for
/// changes that come from the server rather than the page (``ContactsModel/receiveIncoming(_:)``).
///
/// ```swift
/// let running = ContactsSession(url: "/")!
/// try running.model.receiveIncoming(ContactDraft(name: "Katherine Johnson"))
/// running.session.takePendingReply()   // {"patches":[… the new row …]}
/// ```
public struct ContactsSession {
  /// The app's state.
  public let model: ContactsModel
  /// The running view with its URL, as a live server or a WebAssembly page drives it.
  public let session: AppSession

  /// A fresh address book at `url`, or `nil` when the app has no page there.
  public init?(url: String) {
    let model = ContactsModel()
    guard model.navigate(to: url) else { return nil }
    let runtime = NavigationRuntime(retaining: [model]) { contactsView(model) }
    self.model = model
    session = AppSession(runtime: runtime, model: model, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
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
