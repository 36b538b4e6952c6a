import type { GuestChrome } from '../guest-chrome.ts';

export const el: GuestChrome = {
  languageName: 'Ελληνικά',
  soldOut: 'Εξαντλήθηκε',
  availableFrom: 'Διαθέσιμο από {when}',
  hide: 'Απόκρυψη πιάτων που περιέχουν…',
  allergens: 'Αλλεργιογόνα',
  mayContain: 'μπορεί να περιέχει',
  originalMenu: 'Αρχικό μενού (PDF)',
  noMenu: 'Δεν υπάρχει διαθέσιμο μενού αυτή τη στιγμή.',
  sections: 'Ενότητες',
  language: 'Γλώσσα',
  later: 'Αργότερα',
  unavailable: 'Αυτό το μενού δεν είναι προσωρινά διαθέσιμο',
  unavailableText: 'Παρακαλούμε ζητήστε το μενού από το προσωπικό. Ζητούμε συγγνώμη για την ταλαιπωρία.',
  notFound: 'Το μενού δεν βρέθηκε',
  notFoundText: 'Αυτό το μενού δεν υπάρχει ή δεν έχει δημοσιευτεί. Παρακαλούμε ρωτήστε το προσωπικό.',
  scanForMenu: 'Σαρώστε για το μενού',
  table: 'Τραπέζι {table}',
};
