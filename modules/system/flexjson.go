package system

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// flexID is an id the console may send as a number, a decimal string,
// "" or null (both 0).
type flexID int64

// UnmarshalJSON reads a number, a decimal string, "" or null.
func (f *flexID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*f = 0
		return nil
	}
	var text string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
	} else {
		text = string(b)
	}
	text = strings.TrimSpace(text)
	if text == "" {
		*f = 0
		return nil
	}
	// Negative values are read (a drag beside the virtual root sends
	// parentId -1) and refused by the handler that knows their meaning.
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return errors.New("not an id")
	}
	*f = flexID(n)
	return nil
}

// idList is a list of ids sent as a JSON array (numbers or decimal
// strings) or as a comma-separated string ("1,2,3").
type idList []int64

// UnmarshalJSON reads an array of ids or a comma list.
func (l *idList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*l = nil
	switch {
	case string(b) == "null":
		return nil
	case len(b) > 0 && b[0] == '"':
		var text string
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		for _, part := range strings.Split(text, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			n, err := strconv.ParseInt(part, 10, 64)
			if err != nil || n <= 0 {
				return errors.New("not a list of ids")
			}
			*l = append(*l, n)
		}
		return nil
	}
	var items []flexID
	if err := json.Unmarshal(b, &items); err != nil {
		return errors.New("not a list of ids")
	}
	for _, it := range items {
		if it > 0 {
			*l = append(*l, int64(it))
		}
	}
	return nil
}
