package demo

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"
)

// Common surnames, most frequent first; pick draws the early ones more often.
var surnames = []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")

// Characters of given names, by gender.
var (
	maleChars   = []rune("伟强磊军勇杰涛明超辉刚平建国华志文斌鹏飞亮波峰海林东成龙俊宇浩博凯鑫宏庆春德福生田山金荣兵新旭振永长庆忠")
	femaleChars = []rune("芳娜敏静丽艳娟霞秀英慧巧美玲红梅兰琴云莲凤洁燕萍雪婷倩欣佳悦晶月桂淑玉翠珍")
)

// person is one generated resident: who they are and where they live.
//
// A county of 500,000 keeps half a million of them all along, so a person
// is 128 bytes and its strings: the birth date as its year, month and day
// (not a 24-byte time.Time), the gender, relation and political status as
// bytes (not 16-byte strings).
type person struct {
	Name    string
	Surname string
	IDCard  string
	Mobile  string
	Village *place
	Address string
	Group   int32 // 村民小组 number
	// The birth date: birthYearDay also for ageAt (a record's person is
	// chosen among thousands by age, and time.Time's Year and YearDay
	// were a sixth of the generator's CPU at 50,000).
	birthYear, birthYearDay int16
	birthMonth, birthDay    uint8
	male                    bool
	relation                dictCode // relation_to_head
	politics                dictCode // political status
	// Set once the rows exist.
	ID, HouseholdID, GridID int64
}

// dictCode is a two-digit dictionary code (relation to the head of the
// household, political status).
type dictCode uint8

// String is the code as the dictionary writes it ("02").
func (c dictCode) String() string { return twoDigits[c] }

var twoDigits = func() (t [100]string) {
	for i := range t {
		t[i] = fmt.Sprintf("%02d", i)
	}
	return t
}()

// Birth is the person's birth date (midnight, local time).
func (p *person) Birth() time.Time {
	return time.Date(int(p.birthYear), time.Month(p.birthMonth), int(p.birthDay), 0, 0, 0, 0, time.Local)
}

// Gender is the gender dictionary's code: "0" female, "1" male.
func (p *person) Gender() string {
	if p.male {
		return "1"
	}
	return "0"
}

// Relation is the relation_to_head code; "" for someone outside the
// households (a record's person made for it).
func (p *person) Relation() string {
	if p.relation == 0 {
		return ""
	}
	return p.relation.String()
}

// Politics is the political status code.
func (p *person) Politics() string { return p.politics.String() }

// Age is the person's age in whole years at now.
func (p *person) Age(now time.Time) int { return p.ageAt(now.Year(), now.YearDay()) }

// ageAt is the person's age in whole years on day yearDay of year.
func (p *person) ageAt(year, yearDay int) int {
	age := year - int(p.birthYear)
	if yearDay < int(p.birthYearDay) {
		age--
	}
	return age
}

// Male reports whether the person is male.
func (p *person) Male() bool { return p.male }

// people makes names, ID numbers and mobile numbers, never the same twice.
// The numbers given are kept as integers (the ID number's first 17 digits,
// the mobile's 11): a county of 500,000 keeps a million of them.
type people struct {
	rng     *rand.Rand
	ids     map[uint64]struct{}
	mobiles map[uint64]struct{}
}

func newPeople(rng *rand.Rand) *people {
	return &people{rng: rng, ids: map[uint64]struct{}{}, mobiles: map[uint64]struct{}{}}
}

// digits is a string of decimal digits as a number.
func digits(s string) uint64 {
	n, _ := strconv.ParseUint(s, 10, 64)
	return n
}

// surname draws a surname, the frequent ones more often.
func (p *people) surname() string {
	n := len(surnames)
	i := min(p.rng.IntN(n), p.rng.IntN(n))
	return string(surnames[i])
}

// given draws a one- or two-character given name.
func (p *people) given(male bool) string {
	chars := femaleChars
	if male {
		chars = maleChars
	}
	s := string(chars[p.rng.IntN(len(chars))])
	if p.rng.IntN(3) > 0 {
		s += string(chars[p.rng.IntN(len(chars))])
	}
	return s
}

// name is a full name with the given surname ("" draws one).
func (p *people) name(surname string, male bool) string {
	if surname == "" {
		surname = p.surname()
	}
	return surname + p.given(male)
}

// idCard makes an unused 18-character resident ID number (GB 11643-1999)
// of the region for a person born on birth: the sequence digit is odd for
// a man, even for a woman, and the check character is computed.
func (p *people) idCard(region string, birth time.Time, male bool) string {
	for {
		seq := p.rng.IntN(500) * 2
		if male {
			seq++
		}
		body := region + birth.Format("20060102") + fmt.Sprintf("%03d", seq)
		id := body + string(IDCheck(body))
		if _, used := p.ids[digits(body)]; !used {
			p.ids[digits(body)] = struct{}{}
			return id
		}
	}
}

// idWeights are the GB 11643-1999 weights of the first 17 digits.
var idWeights = [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}

// IDCheck is the GB 11643-1999 check character of the first 17 digits of
// an ID number.
func IDCheck(body17 string) byte {
	sum := 0
	for i := 0; i < 17; i++ {
		sum += int(body17[i]-'0') * idWeights[i]
	}
	return "10X98765432"[sum%11]
}

// mobilePrefixes are real mainland mobile number blocks.
var mobilePrefixes = []string{"130", "131", "132", "133", "135", "136", "137", "138", "139", "150", "151",
	"152", "155", "156", "157", "158", "159", "166", "177", "180", "182", "183", "185", "186", "187",
	"188", "189", "191", "198", "199"}

// mobile makes an unused 11-digit mobile number (^1[3-9]\d{9}$).
func (p *people) mobile() string {
	for {
		m := mobilePrefixes[p.rng.IntN(len(mobilePrefixes))] + fmt.Sprintf("%08d", p.rng.IntN(100_000_000))
		if _, used := p.mobiles[digits(m)]; !used {
			p.mobiles[digits(m)] = struct{}{}
			return m
		}
	}
}

// birth is a birth date for someone aged age at now.
func (p *people) birth(now time.Time, age int) time.Time {
	d := now.AddDate(-age-1, 0, 1+p.rng.IntN(364))
	if d.After(now.AddDate(-age, 0, 0)) {
		d = now.AddDate(-age, 0, -1)
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.Local)
}

// newPerson makes a resident of village v aged age.
func (p *people) newPerson(v *place, now time.Time, surname string, male bool, age int) *person {
	b := p.birth(now, age)
	if surname == "" {
		surname = p.surname()
	}
	pr := &person{Name: p.name(surname, male), Surname: surname, male: male, Village: v,
		IDCard: p.idCard(v.region6(), b, male), birthYear: int16(b.Year()), birthYearDay: int16(b.YearDay()),
		birthMonth: uint8(b.Month()), birthDay: uint8(b.Day())}
	if age >= 16 || age >= 12 && p.rng.IntN(3) == 0 {
		pr.Mobile = p.mobile()
	}
	pr.politics = 13
	switch r := p.rng.IntN(100); {
	case age >= 22 && r < 9:
		pr.politics = 1
	case age >= 20 && r < 10:
		pr.politics = 2
	case age >= 14 && age <= 28 && r < 40:
		pr.politics = 3
	}
	return pr
}

// Relation codes of GB/T 4761-2008 the households use.
const (
	relHead     dictCode = 2
	relHusband  dictCode = 11
	relWife     dictCode = 12
	relSon      dictCode = 20
	relDaughter dictCode = 30
	relSonWife  dictCode = 38
	relGrandson dictCode = 41
	relGranddau dictCode = 42
	relFather   dictCode = 51
	relMother   dictCode = 52
	relSibling  dictCode = 70
)

// household makes the members of one household of village v, head first:
// a head with (usually) a spouse, children, sometimes a widowed parent,
// and, when the children are grown, a daughter-in-law and grandchildren.
func (p *people) household(v *place, now time.Time) []*person {
	r := p.rng
	headAge := 26 + r.IntN(56)
	male := r.IntN(10) < 8
	surname := p.surname()
	head := p.newPerson(v, now, surname, male, headAge)
	head.relation = relHead
	out := []*person{head}
	if headAge < 75 || r.IntN(2) == 0 {
		if r.IntN(10) < 9 {
			spAge := clamp(headAge+r.IntN(7)-3, 20, 95)
			sp := p.newPerson(v, now, "", !male, spAge)
			sp.relation = relWife
			if !male {
				sp.relation = relHusband
			}
			out = append(out, sp)
		}
	}
	fatherSurname := surname
	if !male && len(out) > 1 {
		fatherSurname = out[1].Surname
	}
	kids := 0
	if headAge >= 24 {
		kids = r.IntN(4)
	}
	var grownSon *person
	for i := 0; i < kids; i++ {
		age := headAge - 22 - r.IntN(12) - i*2
		if age < 0 {
			break
		}
		son := r.IntN(2) == 0
		c := p.newPerson(v, now, fatherSurname, son, age)
		c.relation = relDaughter
		if son {
			c.relation = relSon
			if age >= 24 && grownSon == nil {
				grownSon = c
			}
		}
		out = append(out, c)
	}
	if grownSon != nil && r.IntN(3) > 0 {
		w := p.newPerson(v, now, "", false, clamp(grownSon.Age(now)+r.IntN(5)-2, 20, 70))
		w.relation = relSonWife
		out = append(out, w)
		for i := 0; i < r.IntN(3); i++ {
			age := grownSon.Age(now) - 22 - r.IntN(8)
			if age < 0 {
				break
			}
			boy := r.IntN(2) == 0
			gc := p.newPerson(v, now, grownSon.Surname, boy, age)
			gc.relation = relGranddau
			if boy {
				gc.relation = relGrandson
			}
			out = append(out, gc)
		}
	}
	if headAge < 58 && r.IntN(5) == 0 {
		mom := r.IntN(3) > 0
		parentSurname := ""
		if !mom {
			parentSurname = surname
		}
		pa := p.newPerson(v, now, parentSurname, !mom, clamp(headAge+24+r.IntN(10), 60, 99))
		pa.relation = relFather
		if mom {
			pa.relation = relMother
		}
		out = append(out, pa)
	}
	return out
}

func clamp(x, lo, hi int) int { return max(lo, min(hi, x)) }

// bankCard makes a 19-digit 惠农一卡通-style card number.
func (p *people) bankCard() string {
	s := "6217" + fmt.Sprintf("%015d", p.rng.Int64N(1_000_000_000_000_000))
	return s[:19]
}

// uscc makes a unified social credit code (GB 32100-2015) registered in
// region: registration authority 9 (industry and commerce), entity type,
// the region's six digits, a nine-character organisation code and the
// check character.
func (p *people) uscc(region string) string {
	const alphabet = "0123456789ABCDEFGHJKLMNPQRTUWXY"
	kinds := []byte("123")
	b := []byte{'9', kinds[p.rng.IntN(len(kinds))]}
	b = append(b, region[:6]...)
	for i := 0; i < 9; i++ {
		b = append(b, alphabet[p.rng.IntN(len(alphabet))])
	}
	return string(b) + string(USCCCheck(string(b)))
}

// USCCCheck is the GB 32100-2015 check character of the first 17
// characters of a unified social credit code.
func USCCCheck(body17 string) byte {
	const alphabet = "0123456789ABCDEFGHJKLMNPQRTUWXY"
	weights := [17]int{1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28}
	sum := 0
	for i := 0; i < 17; i++ {
		for v := 0; v < len(alphabet); v++ {
			if alphabet[v] == body17[i] {
				sum += v * weights[i]
			}
		}
	}
	return alphabet[(31-sum%31)%31]
}

// itoa is strconv.Itoa, shorter at the call sites.
func itoa(n int) string { return strconv.Itoa(n) }
