import ContactsApp
import NavigationWasm

// The Contacts app client-side: runtime.js starts it at the page's URL and sends it the events.
WasmApp.register { url in startContacts(url: url) }
