package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
)

func TestPasswordPolicy(t *testing.T) {
	tests := []struct {
		name     string
		password string
		ok       bool
	}{
		{"lower upper digit", "Abcdefg1", true},
		{"lower digit special", "abcdef1!", true},
		{"upper digit special", "ABCDEF1!", true},
		{"lower upper special", "Abcdefg!", true},
		{"all four, 20 chars", "Abcdefghij123456789!", true},
		{"chinese counts as special", "abcdef1密", true},
		{"7 chars", "Abcde1!", false},
		{"21 chars", "Abcdefghij1234567890!", false},
		{"only lower and digit", "abcdefg1", false},
		{"only lower and upper", "Abcdefgh", false},
		{"only digits", "12345678", false},
		{"empty", "", false},
		{"contains a space", "Abc 1234!", false},
		{"contains a tab", "Abc\t1234!", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := auth.CheckPasswordPolicy(tt.password)
			if tt.ok {
				if err != nil {
					t.Errorf("CheckPasswordPolicy(%q) = %v, want nil", tt.password, err)
				}
				return
			}
			publicError(t, err, http.StatusBadRequest,
				"密码长度大于8小于20需要包括小写字母或大写字母数字、特殊字符中至少三项", auth.ErrPasswordPolicy)
		})
	}
	if auth.PasswordRule() != msg.PasswordPolicy {
		t.Errorf("PasswordRule() = %q, want the policy message", auth.PasswordRule())
	}
}

func TestHashAndVerify(t *testing.T) {
	hash, err := auth.HashPassword("Abc12345!")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q is not an argon2id PHC string with the current parameters", hash)
	}
	again, _ := auth.HashPassword("Abc12345!")
	if again == hash {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	bc, err := bcrypt.GenerateFromPassword([]byte("Legacy#2019"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, hash, password string
		want                 bool
	}{
		{"argon2id right", hash, "Abc12345!", true},
		{"argon2id wrong", hash, "Abc12345?", false},
		{"argon2id empty", hash, "", false},
		{"bcrypt right", string(bc), "Legacy#2019", true},
		{"bcrypt wrong", string(bc), "Legacy#2020", false},
		{"plain text stored", "Abc12345!", "Abc12345!", false},
		{"md5-looking", "e10adc3949ba59abbe56e057f20f883e", "123456", false},
		{"truncated argon2id", hash[:len(hash)-10], "Abc12345!", false},
		{"huge memory parameter", strings.Replace(hash, "m=19456", "m=99999999", 1), "Abc12345!", false},
		{"empty hash", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := auth.VerifyPassword(tt.hash, tt.password); got != tt.want {
				t.Errorf("VerifyPassword = %v, want %v", got, tt.want)
			}
		})
	}
	if auth.NeedsRehash(hash) {
		t.Error("NeedsRehash(current argon2id) = true")
	}
	if !auth.NeedsRehash(string(bc)) {
		t.Error("NeedsRehash(bcrypt) = false")
	}
}

func TestGeneratePasswordFollowsPolicy(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		p, err := auth.GeneratePassword()
		if err != nil {
			t.Fatal(err)
		}
		if err := auth.CheckPasswordPolicy(p); err != nil {
			t.Fatalf("generated %q breaks the policy", p)
		}
		if seen[p] {
			t.Fatalf("generated %q twice", p)
		}
		seen[p] = true
	}
}
