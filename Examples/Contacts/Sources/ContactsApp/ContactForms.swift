import NavigationCore
import VirtualDOM

/// The "Add contact" sheet: name, email and phone fields, then Save and Cancel.
func addContactForm(_ draft: UIBinding<ContactDraft>, model: ContactsModel) -> Node {
  fragment {
    h2 { "Add contact" }.navigationTitle("Add contact")
    contactFields(draft, idPrefix: "new-contact")
    div(.class("actions")) {
      button(.type("button"), .class("primary"), .onClick { model.saveNewContact() }) { "Save" }
      button(.type("button"), .onClick { model.destination = nil }) { "Cancel" }
    }
  }
}

/// The fields of a draft, each labelled, and the problem the last Save found.
func contactFields(_ draft: UIBinding<ContactDraft>, idPrefix: String) -> Node {
  // In a container of their own, every child keyed: siblings are diffed by key only when all of
  // them are keyed, and by position otherwise, where the problem appearing above the fields
  // would shift them (the Name input would become the Email input).
  div(.class("fields")) {
    if let problem = draft.wrappedValue.problem {
      p(.key("problem"), .class("problem"), .role("alert")) { problem }
    }
    field("Name", id: "\(idPrefix)-name", type: "text", value: draft.wrappedValue.name) {
      draft.wrappedValue.name = $0
    }
    field("Email", id: "\(idPrefix)-email", type: "email", value: draft.wrappedValue.email) {
      draft.wrappedValue.email = $0
    }
    field("Phone", id: "\(idPrefix)-phone", type: "tel", value: draft.wrappedValue.phone) {
      draft.wrappedValue.phone = $0
    }
  }
}

/// One labelled input that writes what is typed through `onInput`.
func field(_ label: String, id: String, type: String, value: String, onInput: @escaping (String) -> Void) -> Node {
  div(.key(id), .class("field")) {
    VirtualDOM.label(.for(id)) { label }
    input(.id(id), .type(type), .name(id), .value(value), .onInput(onInput))
  }
}
