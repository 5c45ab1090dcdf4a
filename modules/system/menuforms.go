package system

// The two menu forms — the web tree's and the app and mini-program trees' —
// and their checks.

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/menu"
)

// hasChinese reports whether s holds a Chinese (Han) character.
func hasChinese(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// checkTitle applies the title rule both menu forms share.
func checkTitle(cs *checks, title string) {
	if title == "" {
		cs.add("title", MenuTitleRequired)
	}
	cs.maxLen("title", title, 20, fmt.Sprintf(msg.FieldTooLong, MenuTitle, 20))
}

// checkCode applies the rules of a text field that must not hold Chinese.
func checkCode(cs *checks, field, label, value string, max int, required bool, requiredMsg string) {
	if required && value == "" {
		cs.add(field, requiredMsg)
	}
	if hasChinese(value) {
		cs.add(field, fmt.Sprintf(FieldNoChinese, label))
	}
	cs.maxLen(field, value, max, fmt.Sprintf(msg.FieldTooLong, label, max))
}

// webMenuBody is the web menu form (specification §3 web menu node, §5 web
// menu form). hasChildren and system are what the tree answered and are
// ignored.
type webMenuBody struct {
	ID             *int64 `json:"id"`
	ParentID       *int64 `json:"parentId"`
	Orderby        *int   `json:"orderby"`
	Type           string `json:"type"`
	Title          string `json:"title"`
	Icon           string `json:"icon"`
	Name           string `json:"name"`
	URL            string `json:"url"`
	Component      string `json:"component"`
	PermissionCode string `json:"permissionCode"`
	Address        string `json:"address"`
	Choose         choice `json:"choose"`
	HasChildren    *bool  `json:"hasChildren"`
	System         *bool  `json:"system"`
}

func (b *webMenuBody) node() (*int64, *int64, *int) { return b.ID, b.ParentID, b.Orderby }

func (b *webMenuBody) title() string { return b.Title }

func (b *webMenuBody) icon() string { return b.Icon }

// externalTypes are the types an external jump may have: the four others
// show only without one (specification §4).
var externalTypes = []menu.Type{menu.TypeMenu1, menu.TypeMenu2, menu.TypeMenu2Sp}

// check trims the form and applies its rules: type required; title
// required, at most 20; name, url and component required, without Chinese
// (a button, which is no route, needs no url or component); an external
// jump (choose) only on the first- and second-level types, with its address
// required, and name, url and component fixed to the address-process page;
// permissionCode at most 50.
func (b *webMenuBody) check() error {
	for _, p := range []*string{&b.Type, &b.Title, &b.Icon, &b.Name, &b.URL, &b.Component,
		&b.PermissionCode, &b.Address} {
		*p = strings.TrimSpace(*p)
	}
	var cs checks
	t := menu.Type(b.Type)
	switch {
	case b.Type == "":
		cs.add("type", MenuTypeRequired)
	case menu.TypeValidator(t) != nil:
		cs.add("type", MenuTypeInvalid)
	}
	if b.Choose {
		if b.Type != "" && !slices.Contains(externalTypes, t) {
			cs.add("choose", MenuExternalType)
		}
		b.Name, b.URL, b.Component = externalName, externalURL, externalComponent
		if b.Address == "" {
			cs.add("address", MenuAddressRequired)
		}
	}
	checkTitle(&cs, b.Title)
	route := t != menu.TypeButton
	checkCode(&cs, "name", MenuName, b.Name, 100, true, MenuNameRequired)
	checkCode(&cs, "url", MenuURL, b.URL, 255, route, MenuURLRequired)
	checkCode(&cs, "component", MenuComponent, b.Component, 100, route, MenuComponentRequired)
	cs.maxLen("address", b.Address, 500, fmt.Sprintf(msg.FieldTooLong, MenuAddress, 500))
	cs.maxLen("icon", b.Icon, 100, fmt.Sprintf(msg.FieldTooLong, MenuIcon, 100))
	cs.maxLen("permissionCode", b.PermissionCode, 50, fmt.Sprintf(msg.FieldTooLong, MenuPermissionCode, 50))
	return cs.err()
}

func (b *webMenuBody) apply(mu *ent.MenuMutation) {
	mu.SetType(menu.Type(b.Type))
	mu.SetTitle(b.Title)
	mu.SetIcon(b.Icon)
	mu.SetName(b.Name)
	mu.SetURL(b.URL)
	mu.SetComponent(b.Component)
	mu.SetPermissionCode(b.PermissionCode)
	mu.SetAddress(b.Address)
	mu.SetChoose(bool(b.Choose))
}

func (b *webMenuBody) lockedChange(m *ent.Menu) bool {
	return changed(b.Type, string(m.Type)) || changed(b.Name, m.Name) || changed(b.URL, m.URL) ||
		changed(b.Component, m.Component) || changed(b.PermissionCode, m.PermissionCode) ||
		changed(b.Address, m.Address) || bool(b.Choose) != m.Choose
}

// changed reports whether a form sent a value other than the stored one
// (an empty value is "not sent").
func changed(sent, stored string) bool {
	sent = strings.TrimSpace(sent)
	return sent != "" && sent != stored
}

// choice is the external-jump switch as a form sends it: true/false, 1/0,
// "yes"/"no" (absent or null is no).
type choice bool

// UnmarshalJSON reads the accepted spellings.
func (c *choice) UnmarshalJSON(b []byte) error {
	switch strings.ToLower(strings.Trim(string(b), `"`)) {
	case "true", "1", "yes", "y":
		*c = true
	case "false", "0", "no", "n", "", "null":
		*c = false
	default:
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf(true)}
	}
	return nil
}

// appMenuBody is the app and mini-program menu form (specification §3 app
// node, §5 app menu form).
type appMenuBody struct {
	ID             *int64       `json:"id"`
	ParentID       *int64       `json:"parentId"`
	Orderby        *int         `json:"orderby"`
	Type           string       `json:"type"`
	Title          string       `json:"title"`
	Name           string       `json:"name"`
	Path           string       `json:"path"`
	Component      string       `json:"component"`
	PermissionCode string       `json:"permissionCode"`
	Icon           string       `json:"icon"`
	TerminalType   *json.Number `json:"terminalType"`
	HasChildren    *bool        `json:"hasChildren"`
	System         *bool        `json:"system"`
}

func (b *appMenuBody) node() (*int64, *int64, *int) { return b.ID, b.ParentID, b.Orderby }

func (b *appMenuBody) title() string { return b.Title }

func (b *appMenuBody) icon() string { return b.Icon }

// terminal is the tree the form's terminalType names (0 mini program, 1
// app).
func (b *appMenuBody) terminal() (menu.Terminal, error) {
	if b.TerminalType == nil {
		return terminalOf("", true)
	}
	return terminalOf(b.TerminalType.String(), true)
}

// appTypes are the types of the app and mini-program trees.
var appTypes = []menu.Type{menu.TypeMenu1, menu.TypeMenu2}

// check trims the form and applies its rules: title required, at most 20;
// name required, at most 100, without Chinese; path required, at most 100,
// starting with a slash; component required for a second-level menu, at
// most 100, without Chinese; a second-level menu needs its image; type
// required (menu1 or menu2); permissionCode at most 50.
func (b *appMenuBody) check() error {
	for _, p := range []*string{&b.Type, &b.Title, &b.Name, &b.Path, &b.Component, &b.PermissionCode, &b.Icon} {
		*p = strings.TrimSpace(*p)
	}
	var cs checks
	t := menu.Type(b.Type)
	switch {
	case b.Type == "":
		cs.add("type", MenuTypeRequired)
	case !slices.Contains(appTypes, t):
		cs.add("type", MenuTypeInvalid)
	}
	checkTitle(&cs, b.Title)
	checkCode(&cs, "name", MenuName, b.Name, 100, true, MenuNameRequired)
	if b.Path == "" {
		cs.add("path", MenuPathRequired)
	} else if !strings.HasPrefix(b.Path, "/") {
		cs.add("path", MenuPathSlash)
	}
	cs.maxLen("path", b.Path, 100, fmt.Sprintf(msg.FieldTooLong, MenuPath, 100))
	checkCode(&cs, "component", MenuComponent, b.Component, 100, t == menu.TypeMenu2, MenuComponentRequired)
	if t == menu.TypeMenu2 && b.Icon == "" {
		cs.add("icon", MenuImageRequired)
	}
	cs.maxLen("icon", b.Icon, 1000, fmt.Sprintf(msg.FieldTooLong, MenuIcon, 1000))
	cs.maxLen("permissionCode", b.PermissionCode, 50, fmt.Sprintf(msg.FieldTooLong, MenuPermissionCode, 50))
	return cs.err()
}

func (b *appMenuBody) apply(mu *ent.MenuMutation) {
	mu.SetType(menu.Type(b.Type))
	mu.SetTitle(b.Title)
	mu.SetIcon(b.Icon)
	mu.SetName(b.Name)
	mu.SetPath(b.Path)
	mu.SetComponent(b.Component)
	mu.SetPermissionCode(b.PermissionCode)
}

func (b *appMenuBody) lockedChange(m *ent.Menu) bool {
	return changed(b.Type, string(m.Type)) || changed(b.Name, m.Name) || changed(b.Path, m.Path) ||
		changed(b.Component, m.Component) || changed(b.PermissionCode, m.PermissionCode)
}
