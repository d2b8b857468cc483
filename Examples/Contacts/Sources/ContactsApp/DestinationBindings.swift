import NavigationCore

// Each case of the destination, declared once next to the enum; use sites read
// `model.$destination.addContact`. The property's name names the case in presentation keys and
// DOM ids.
extension UIBinding where Value == ContactsModel.Destination? {
  /// The "Add contact" sheet's draft while it is open.
  var addContact: UIBinding<ContactDraft?> {
    self.case("addContact", ContactsModel.Destination.addContact) { if case .addContact(let draft) = $0 { draft } else { nil } }
  }

  /// The delete alert while it is open.
  var deleteAlert: UIBinding<AlertState<ContactsModel.AlertAction>?> {
    self.case("deleteAlert", ContactsModel.Destination.deleteAlert) { if case .deleteAlert(let state) = $0 { state } else { nil } }
  }

  /// The "Share via…" dialog while it is open.
  var shareDialog: UIBinding<ConfirmationDialogState<ContactsModel.ShareAction>?> {
    self.case("shareDialog", ContactsModel.Destination.shareDialog) { if case .shareDialog(let state) = $0 { state } else { nil } }
  }
}
