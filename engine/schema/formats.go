package schema

import (
	"regexp"
	"time"
)

// Names of the custom JSON Schema formats the record schema uses. The
// console registers the same names with its validator (ajv) so browser and
// server judge a record alike.
const (
	FormatIDCard     = "idcard"       // 18-character resident ID number, GB 11643-1999
	FormatMobile     = "mobile"       // 11-digit mainland mobile number
	FormatEmail      = "email"        // plain address: local@domain.tld
	FormatDate       = "date"         // YYYY-MM-DD
	FormatDateTimeCN = "date-time-cn" // YYYY-MM-DD HH:mm:ss, local time
)

// Layouts of dates and date-times as the API sends and receives them.
const (
	DateLayout     = "2006-01-02"
	DateTimeLayout = "2006-01-02 15:04:05"
)

var (
	mobileRE   = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
	emailRE    = regexp.MustCompile(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$`)
	dateTimeRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
)

// idWeights are the GB 11643-1999 weights of the first 17 digits.
var idWeights = [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}

// idCheck maps the weighted sum modulo 11 to the check character.
const idCheck = "10X98765432"

// ValidIDCard reports whether s is an 18-character resident ID number: a
// region code not starting with 0, a real birth date between 1900 and today,
// a sequence number and the GB 11643-1999 check character (an upper-case X
// stands for 10).
func ValidIDCard(s string) bool {
	if len(s) != 18 || s[0] == '0' {
		return false
	}
	sum := 0
	for i := 0; i < 17; i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		sum += int(c-'0') * idWeights[i]
	}
	if s[17] != idCheck[sum%11] {
		return false
	}
	birth, err := time.Parse("20060102", s[6:14])
	if err != nil {
		return false
	}
	return birth.Year() >= 1900 && !birth.After(time.Now())
}

// ValidMobile reports whether s is an 11-digit mainland mobile number
// (^1[3-9]\d{9}$).
func ValidMobile(s string) bool { return mobileRE.MatchString(s) }

// ValidEmail reports whether s is a plain e-mail address of at most 254
// characters (no display name, no comments).
func ValidEmail(s string) bool { return len(s) <= 254 && emailRE.MatchString(s) }

// ValidDate reports whether s is a real calendar date written YYYY-MM-DD.
func ValidDate(s string) bool {
	_, err := time.Parse(DateLayout, s)
	return err == nil && len(s) == len(DateLayout)
}

// ValidDateTime reports whether s is a real date and time written
// YYYY-MM-DD HH:mm:ss.
func ValidDateTime(s string) bool {
	if !dateTimeRE.MatchString(s) {
		return false
	}
	_, err := time.Parse(DateTimeLayout, s)
	return err == nil
}
