// Which passwords count as common (clarifications, Passwords; ASVS 5.0 V6.2.4). No imports and no
// list: the server and the browser's strength meter each load the same published list
// (@zxcvbn-ts/language-common, ~49,000 breached passwords, most common first) and ask this one
// function, so the meter never calls a password fine that the server refuses.

/** The product's own words, the first an attacker of this site tries ("Bula2024!", "Viti@2026"). */
export const PRODUCT_WORDS: readonly string[] = ['viti', 'fiji', 'fijian', 'bula', 'vinaka', 'vakalevu', 'farmer', 'farmers', 'vitifarmers']

/** Digits and symbols people bolt on to satisfy the rules ("Password1!" → "password"). */
const EDGE_FILLER = /^[\d@$!%*?&._\-#+~ ]+|[\d@$!%*?&._\-#+~ ]+$/g
const TRAILING_SYMBOLS = /[@$!%*?&._\-#+~ ]+$/
const LEET: Record<string, string> = { '@': 'a', '4': 'a', $: 's', '5': 's', '0': 'o', '1': 'i', '3': 'e', '!': 'i', '7': 't' }
const deleet = (text: string) => text.replace(/[@4$501!37]/g, (ch) => LEET[ch] ?? ch)
/** A stripped form shorter than this is not looked up, so "ab" + symbols never refuses a good password. */
const MIN_BASE = 4

/**
 * The forms a guessing attack tries first: lower-cased; without trailing symbols ("Abcd1234!" →
 * "abcd1234"); without the digits and symbols at either end ("Bula2024!" → "bula"); each also
 * de-leeted ("P@ssw0rd" → "password").
 */
export function passwordCandidates(password: string): string[] {
  const lower = password.toLowerCase()
  const forms = new Set([lower])
  for (const stripped of [lower.replace(TRAILING_SYMBOLS, ''), lower.replace(EDGE_FILLER, '')]) {
    if (stripped.length >= MIN_BASE) forms.add(stripped)
  }
  for (const form of [...forms]) forms.add(deleet(form))
  return [...forms]
}

/**
 * True when the password's letters are nothing but the product's words, or such words joined with
 * listed common words ("Vitifarmers1!", "Bula!Vinaka9", "FijiDragon1!"): digits, symbols and
 * case do not make "viti" + "farmers" any harder to guess.
 */
function isMadeOfProductWords(password: string, common: ReadonlySet<string>): boolean {
  const letterForms = new Set(passwordCandidates(password).map((form) => form.replace(/[^a-z]/g, '')))
  const isProductWord = (word: string) => PRODUCT_WORDS.includes(word)
  for (const letters of letterForms) {
    if (letters.length === 0) continue
    // reach[i]: letters[0, i) splits into known words; withProduct[i]: one of them is a product word.
    const reach: boolean[] = [true]
    const withProduct: boolean[] = [false]
    for (let end = 1; end <= letters.length; end++) {
      for (let start = 0; start < end; start++) {
        if (!reach[start]) continue
        const word = letters.slice(start, end)
        const product = isProductWord(word)
        if (!product && (word.length < MIN_BASE || !common.has(word))) continue
        reach[end] = true
        withProduct[end] = withProduct[end] || withProduct[start]! || product
      }
    }
    if (withProduct[letters.length]) return true
  }
  return false
}

/** True when the server must refuse the password as too common (and the meter must say so). */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  return passwordCandidates(password).some((form) => common.has(form)) || isMadeOfProductWords(password, common)
}
