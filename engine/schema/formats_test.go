package schema

import "testing"

func TestValidIDCard(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"check X", "11010519491231002X", true},
		{"check digit", "110105194912310011", true},
		{"check 0", "440301199003071230", true},
		{"leap day", "110105200002290013", true},
		{"lower-case x", "11010519491231002x", false},
		{"wrong check", "110105194912310012", false},
		{"17 characters", "11010519491231001", false},
		{"19 characters", "1101051949123100111", false},
		{"letter inside", "1101051949A2310011", false},
		{"month 13", "110105194913310021", false},
		{"not a leap year", "110105200102290010", false},
		{"born in the future", "110105299901010022", false},
		{"born before 1900", "110105189912310023", false},
		{"region starts with 0", "010105194912310026", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ValidIDCard(tt.in); got != tt.want {
				t.Errorf("ValidIDCard(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestValidMobile(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"13912345678", true},
		{"19912345678", true},
		{"12912345678", false},
		{"1391234567", false},
		{"139123456789", false},
		{"1391234567a", false},
		{"+8613912345678", false},
	}
	for _, tt := range tests {
		if got := ValidMobile(tt.in); got != tt.want {
			t.Errorf("ValidMobile(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestValidEmail(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"a@b.cn", true},
		{"first.last+tag@mail.example.com", true},
		{"a@b", false},
		{"Name <a@b.cn>", false},
		{"a b@c.cn", false},
		{"@b.cn", false},
	}
	for _, tt := range tests {
		if got := ValidEmail(tt.in); got != tt.want {
			t.Errorf("ValidEmail(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestValidDateAndDateTime(t *testing.T) {
	dates := map[string]bool{"2024-02-29": true, "2023-02-29": false, "2024-1-5": false, "2024-01-05 00:00:00": false}
	for in, want := range dates {
		if got := ValidDate(in); got != want {
			t.Errorf("ValidDate(%q) = %v, want %v", in, got, want)
		}
	}
	times := map[string]bool{"2024-02-29 23:59:59": true, "2024-02-29T23:59:59": false,
		"2024-02-29 24:00:00": false, "2024-02-29 23:59": false}
	for in, want := range times {
		if got := ValidDateTime(in); got != want {
			t.Errorf("ValidDateTime(%q) = %v, want %v", in, got, want)
		}
	}
}
