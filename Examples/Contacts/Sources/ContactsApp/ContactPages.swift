import NavigationCore
import VirtualDOM

/// A contact's page (pushed by `NavigationLink(value:)`): the fields, Edit (a drill-down to the
/// edit page), Share… and Delete.
func contactPage(_ page: ContactPage, model: ContactsModel) -> Node {
  guard let contact = model.contact(page.contactID) else { return missingContactPage() }
  return fragment {
    h1 { contact.name }.navigationTitle(contact.name)
    dl(.class("contact-fields")) {
      dt { "Email" }
      dd { contact.email }
      dt { "Phone" }
      dd { contact.phone }
    }
    // Always there, so a share only changes its text (and screen readers, told of a status
    // region in advance, announce it).
    p(.class("notice"), .role("status")) {
      if let shared = model.lastShare, shared.contactID == contact.id { shared.sentence(for: contact) }
    }
    div(.class("actions")) {
      button(.type("button"), .class("primary"), .onClick { model.editTapped(contact) }) { "Edit" }
      button(.type("button"), .onClick { model.shareTapped(contact) }) { "Share…" }
      button(.type("button"), .class("destructive"), .onClick { model.deleteTapped(contact) }) { "Delete contact" }
    }
  }
  .navigationDestination(item: model.$editing.named("edit").identified(by: { String($0.contactID) })) { edit in
    editPage(edit, model: model)
  }
}

/// The edit page, drilled into from a contact's page: its Back button, like Cancel, pops it
/// without saving.
func editPage(_ edit: UIBinding<ContactEdit>, model: ContactsModel) -> Node {
  let draft = UIBinding<ContactDraft>(
    get: { edit.wrappedValue.draft },
    set: { edit.wrappedValue.draft = $0 })
  let title = "Edit \(model.contact(edit.wrappedValue.contactID)?.name ?? "contact")"
  return fragment {
    h1 { title }.navigationTitle(title)
    contactFields(draft, idPrefix: "edit-contact")
    div(.class("actions")) {
      button(.type("button"), .class("primary"), .onClick { model.saveEdit() }) { "Save" }
      button(.type("button"), .onClick { model.editing = nil }) { "Cancel" }
    }
  }
}

func missingContactPage() -> Node {
  fragment {
    h1 { "Contact not found" }
    p { "It may have been deleted." }
  }
}
