package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/modules/office"
	"xiangzhi/modules/party"
	"xiangzhi/modules/points"
)

// TestServerMessageTranslations: with every module linked in (their init
// adds their messages), ja and ko translate every message en does, each
// translation keeps its template's format verbs in order, and a few of the
// modules' refusals answer in English with their values kept.
func TestServerMessageTranslations(t *testing.T) {
	verb := regexp.MustCompile(`%[sdv]`)
	for zh := range msg.Translations["en"] {
		for _, locale := range []string{"ja", "ko"} {
			if _, ok := msg.Translations[locale][zh]; !ok {
				t.Errorf("%s lacks %q", locale, zh)
			}
		}
	}
	for locale, texts := range msg.Translations {
		for zh, tr := range texts {
			if a, b := verb.FindAllString(zh, -1), verb.FindAllString(tr, -1); strings.Join(a, "") != strings.Join(b, "") {
				t.Errorf("%s %q → %q: verbs %v, want %v", locale, zh, tr, b, a)
			}
		}
	}
	for _, tt := range []struct{ text, want string }{
		{msg.OK, "Operation succeeded"},
		{fmt.Sprintf(points.OrderPointsShort, 135, 80), "Not enough points: this redemption needs 135 points, 80 available"},
		{fmt.Sprintf(points.OrderStockShort, 2), "Not enough stock: 2 left"},
		{party.VoteTwice, "You have already voted; each person votes once"},
		{fmt.Sprintf(party.MarkOutOfRange, 3, "5"), "The mark of question 3 must be between 0 and 5"},
		{office.VehicleBooked, "The vehicle is already booked for this time. Choose another time"},
		{fmt.Sprintf(office.TooLong, "申请事由", 200), fmt.Sprintf(office.TooLong, "申请事由", 200)}, // a field-like message stays
	} {
		if got := httpx.LocalizeMessage(tt.text, "en"); got != tt.want {
			t.Errorf("en %q = %q, want %q", tt.text, got, tt.want)
		}
		if got := httpx.LocalizeMessage(tt.text, ""); got != tt.text {
			t.Errorf("zh_CN %q = %q, want it as written", tt.text, got)
		}
	}
}
