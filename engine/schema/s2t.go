package schema

import (
	"strings"

	"xiangzhi/engine/msg"
)

// ToTraditional converts simplified Chinese to traditional characters for
// the zh_TW locale: phrases whose character has more than one traditional
// form first (头发 → 頭髮, 回复 → 回覆), then one character at a time.
// The table covers the characters of the shipped schemas (a test checks
// that every shipped text converts to something that keeps no simplified
// character of the table's own); a character it lacks is kept, which reads
// right for the many characters both scripts share.
func ToTraditional(s string) string {
	if s == "" {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	for i := 0; i < len(rs); {
		if t, n := phraseAt(rs[i:]); n > 0 {
			b.WriteString(t)
			i += n
			continue
		}
		if t, ok := s2tChars[rs[i]]; ok {
			b.WriteRune(t)
		} else {
			b.WriteRune(rs[i])
		}
		i++
	}
	return b.String()
}

// phraseAt answers the traditional form of the longest phrase rs starts
// with and its length in runes, or 0.
func phraseAt(rs []rune) (string, int) {
	for n := min(len(rs), s2tLongest); n >= 2; n-- {
		if t, ok := s2tPhraseMap[string(rs[:n])]; ok {
			return t, n
		}
	}
	return "", 0
}

var s2tPhraseMap, s2tLongest = func() (map[string]string, int) {
	m := make(map[string]string, len(msg.S2TPhrases)/2)
	longest := 0
	for i := 0; i+1 < len(msg.S2TPhrases); i += 2 {
		m[msg.S2TPhrases[i]] = msg.S2TPhrases[i+1]
		longest = max(longest, len([]rune(msg.S2TPhrases[i])))
	}
	return m, longest
}()

var s2tChars = func() map[rune]rune {
	rs := []rune(msg.S2TPairs)
	m := make(map[rune]rune, len(rs)/2)
	for i := 0; i+1 < len(rs); i += 2 {
		m[rs[i]] = rs[i+1]
	}
	return m
}()
