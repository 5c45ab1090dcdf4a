package demo

import (
	"slices"

	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent/role"
)

// Role names of the demo, one per level of the county.
const (
	RoleCounty   = "县级管理员"
	RoleTownship = "乡镇管理员"
	RoleVillage  = "村级管理员"
	RoleGrid     = "网格员"
)

// roleSpec is a demo role: its data scope and what it is granted — the
// codes of each module it holds (a module menu comes with its list code)
// and the keys of the system menus it holds.
type roleSpec struct {
	Name   string
	Extent string
	Icon   string
	Scope  role.DataScope
	// codes returns the codes of m the role holds (nil: none).
	codes  func(m *schema.Module) []string
	system []string // system menu keys; a key ending in ":" grants every menu under that prefix
}

// approvals are status actions that belong to the township or county, not
// to the village that files the record.
var approvals = []string{"approve", "reject", "discard", "grant", "confirm"}

// platform modules are configured once for the county.
var platform = []string{"appVersion", "cmsSite", "publishType", "subjectCategory", "broadcastMedia"}

// villageModules are the modules a village administers.
var villageModules = []string{
	"grid", "gridMember", "villager", "household", "building", "landParcel", "helper", "patrol",
	"patrolEvent", "event", "visit", "attendanceRecord", "attendanceRule", "warningSetting", "fence",
	"basicAllowance", "dangerousBuilding", "handicappedSubsidy", "landSubsidy", "medicalAid", "veteran",
	"wisdomDevice", "infraDigitization", "povertyPlan", "pointsRule", "pointsLog", "pointsGoods",
	"pointsOrder", "pointsHonor", "pointsMerchant", "villageNotice", "messageBoard", "messageReply",
	"demandPublish", "interviewRecord", "legalAid", "quarantine", "qrRegistration", "epidemicPlace",
	"oldPerson", "partyMember", "partyOrg", "vote", "village", "landInformation", "enterprise",
	"ycypEnterprise", "alarm", "camera", "cameraArea", "cameraFace", "dangerousWater", "drowningWarning",
	"toilet", "garbageBin", "garbageSite", "envEvent", "facility", "regionalRecord", "sanitationDevice",
	"soilMonitor", "waterMonitor", "broadcastDevice", "villageMuseum", "ruralDoctor",
	"vehicleApply", "expenseClaim", "seal", "sealApply", "sealUse",
}

// villageReads are registers a village reads (and references) without
// keeping: the township's and county's vehicles; the township's exams
// (which the village staff take), their answer sheets and the ballots.
var villageReads = []string{"personTag", "vehicle", "exam", "examAnswer", "voteBallot"}

// gridOps are what a grid member does, module by module: the operations
// and actions (by name) they hold.
var gridOps = map[string][]string{
	"villager":         {"list", "view", "edit"},
	"household":        {"list", "view"},
	"grid":             {"list", "view"},
	"gridMember":       {"list", "view"},
	"personTag":        {"list", "view"},
	"event":            {"list", "view", "add", "edit"},
	"visit":            {"list", "view", "add", "edit"},
	"patrol":           {"list", "view", "start", "finish"},
	"patrolEvent":      {"list", "view", "add", "edit", "handle"},
	"attendanceRecord": {"list", "view", "add"},
	"quarantine":       {"list", "view", "add", "edit"},
	"oldPerson":        {"list", "view"},
	"pointsLog":        {"list", "view"},
	"alarm":            {"list", "view", "take"},
	"drowningWarning":  {"list", "view", "take"},
	"expenseClaim":     {"list", "view", "add", "edit", "submit"},
	"exam":             {"list", "view"}, // takes the township's exams
	"examAnswer":       {"list", "view"},
	"vote":             {"list", "view"}, // casts ballots
}

// roleSpecs are the four demo roles, widest first.
func roleSpecs() []roleSpec {
	all := func(m *schema.Module) []string { return m.Codes() }
	return []roleSpec{
		{Name: RoleCounty, Extent: "county", Icon: "BankOutlined", Scope: role.DataScopeSubtree, codes: all,
			system: []string{"sys:workbench", "sys:self-edit", "sys:approval", "sys:approval:", "sys:dataStatistics", "sys:dataStatisticsForSix", "sys:form-design",
				"sys:system", "sys:user-management", "sys:user-management:", "sys:organization-management",
				"sys:organization-management:", "sys:workgroup-management", "sys:workgroup-management:",
				"sys:logging-login", "sys:logging-operation"}},
		{Name: RoleTownship, Extent: "township", Icon: "ApartmentOutlined", Scope: role.DataScopeSubtree,
			codes: func(m *schema.Module) []string {
				if slices.Contains(platform, m.Name) {
					return []string{m.Code("list"), m.Code("view")}
				}
				return m.Codes()
			},
			system: []string{"sys:workbench", "sys:self-edit", "sys:approval", "sys:approval:", "sys:dataStatistics", "sys:dataStatisticsForSix", "sys:system",
				"sys:user-management", "sys:user-management:", "sys:organization-management"}},
		{Name: RoleVillage, Extent: "village", Icon: "HomeOutlined", Scope: role.DataScopeSubtree,
			codes: func(m *schema.Module) []string {
				switch {
				case slices.Contains(villageReads, m.Name):
					return []string{m.Code("list"), m.Code("view")}
				case !slices.Contains(villageModules, m.Name):
					return nil
				}
				return withoutActions(m, approvals)
			},
			// The large screens start at the village (docs/dashboards.md).
			system: []string{"sys:workbench", "sys:self-edit", "sys:approval", "sys:approval:", "sys:dataStatistics", "sys:dataStatisticsForSix"}},
		{Name: RoleGrid, Extent: "grid", Icon: "TeamOutlined", Scope: role.DataScopeOrg,
			codes: func(m *schema.Module) []string {
				ops, ok := gridOps[m.Name]
				if !ok {
					return nil
				}
				return opCodes(m, ops)
			},
			system: []string{"sys:workbench", "sys:self-edit", "sys:approval", "sys:approval:"}},
	}
}

// withoutActions is every code of m except those of the named actions.
func withoutActions(m *schema.Module, names []string) []string {
	skip := map[string]bool{}
	if m.Status != nil {
		for _, a := range m.Status.Actions {
			if slices.Contains(names, a.Name) {
				skip[m.ActionCode(a)] = true
			}
		}
	}
	var out []string
	for _, c := range m.Codes() {
		if !skip[c] {
			out = append(out, c)
		}
	}
	return out
}

// opCodes turns operation and action names into m's codes, leaving out
// names m does not have.
func opCodes(m *schema.Module, ops []string) []string {
	var out []string
	have := m.Codes()
	for _, op := range ops {
		code := m.Code(op)
		if m.Status != nil {
			for _, a := range m.Status.Actions {
				if a.Name == op {
					code = m.ActionCode(a)
				}
			}
		}
		if slices.Contains(have, code) {
			out = append(out, code)
		}
	}
	return out
}
