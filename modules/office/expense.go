package office

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"xiangzhi/engine/store"
)

// claimTotal is the before-write hook (create and update) of expense
// claims: total is the sum of the items' amounts, in cents, whatever the
// client sent. A claim needs at least one item with a positive amount.
func claimTotal(_ context.Context, w *store.Write) error {
	if s, ok := w.New["claimant"].(string); ok {
		w.New["claimant"] = strings.TrimSpace(s)
	}
	items, present := w.New["items"]
	if !present {
		if w.Op == store.OpUpdate {
			delete(w.New, "total") // the items stay, and so does their total
			return nil
		}
		return store.Refuse("items", ExpenseItemsRequired)
	}
	list, _ := items.([]any)
	if rs, ok := items.([]map[string]any); ok {
		for _, r := range rs {
			list = append(list, r)
		}
	}
	if len(list) == 0 {
		return store.Refuse("items", ExpenseItemsRequired)
	}
	var cents int64
	for _, it := range list {
		row, _ := it.(map[string]any)
		a, ok := amountOf(row["amount"])
		if !ok || a <= 0 {
			return store.Refuse("items", ExpenseAmountInvalid)
		}
		cents += int64(math.Round(a * 100))
	}
	w.New["total"] = float64(cents) / 100
	return nil
}

// amountOf reads a number given as a number or decimal text.
func amountOf(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil
	}
	return 0, false
}
