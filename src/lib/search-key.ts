const folded = 'ÄÖÜÀÁÂÃÅÈÉÊËÌÍÎÏÒÓÔÕÙÚÛÑÇäöüàáâãåèéêëìíîïòóôõùúûñç'
const plain = 'AOUAAAAAEEEEIIIIOOOOUUUNCaouaaaaaeeeeiiiioooouuunc'
const plainOf = new Map([...folded].map((character, index) => [character, plain[index] ?? '']))

/**
 * The database's `product_search_key` (migration 0003) in JavaScript, for text searched in memory:
 * case, umlauts (ä, ae → a), ß → ss and common accents folded the same way.
 */
export function searchKey(text: string): string {
  return [...text]
    .map((character) => plainOf.get(character) ?? character)
    .join('')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll('ae', 'a')
    .replaceAll('oe', 'o')
    .replaceAll('ue', 'u')
}
