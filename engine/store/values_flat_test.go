package store

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestDecodeFlatArray checks the decoder-free path of decodeJSON against
// encoding/json's: whatever it accepts it decodes to the same values and
// types, over hand-picked texts and random ones built from the pieces that
// make it take or refuse a text.
func TestDecodeFlatArray(t *testing.T) {
	texts := []string{
		`[]`, `[1]`, `[1,3]`, `[-0]`, `[0]`, `[00]`, `[01]`, `[-]`, `[1,]`, `[,1]`, `[1 ,2]`, `[ 1]`, `[1.0]`, `[1e2]`,
		`[9223372036854775807]`, `[9223372036854775808]`, `[-9223372036854775808]`, `[-9223372036854775809]`,
		`["a"]`, `["01","02"]`, `[""]`, `["a,b"]`, `["a]"]`, `["a"]]`, `[["a"]]`, `["a\"b"]`, `["a\\"]`, `["\u4e2d"]`,
		`["中文"]`, "[\"\xff\"]", "[\"a\tb\"]", "[\"\x7f\"]", `["<&>"]`, "[\"\u2028\"]", `[1,"a",2]`, `[true]`, `[null]`,
		`[{}]`, `{"a":1}`, `[`, `]`, `["a]`, `["a",]`, `[1]x`, `x[1]`, `[+1]`, `[1-]`, `[--1]`, `[0x1]`,
	}
	pieces := []string{"1", "0", "-", "12", "9223372036854775807", "\"", "a", "中", "\\", ",", " ", "[", "]", ".", "e", "\xff", "\t", "{", "}", ":"}
	r := rand.New(rand.NewSource(16))
	for range 20000 {
		var b strings.Builder
		b.WriteByte('[')
		for n := r.Intn(8); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		b.WriteByte(']')
		texts = append(texts, b.String())
	}
	took := 0
	for _, s := range texts {
		got, ok := decodeFlatArray(s)
		if !ok {
			continue
		}
		took++
		want := decodeJSONText(s)
		if !reflect.DeepEqual(any(got), want) {
			t.Fatalf("%q: flat %#v, decoder %#v", s, got, want)
		}
	}
	if took < 500 {
		t.Fatalf("the flat path took only %d texts: the test proves little", took)
	}
}
