package system

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// routeI18n names GET /api/i18n/{locale}.
const routeI18n = "模块文字的翻译"

// i18nRoutes serve the translations of the module, dictionary and menu
// texts (docs/schema.md "Translations"): the console fetches one locale's
// catalogue when the user chooses that locale, and looks every text up in
// it, falling back to the Chinese text.
func (s *Service) i18nRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/i18n/:locale", Code: auth.SignedIn, Name: routeI18n, Handler: s.catalogue},
	}
}

func (s *Service) catalogue(c echo.Context) error {
	locale := c.Param("locale")
	cat := s.app.Modules().Catalogue(locale)
	if cat == nil {
		return httpx.NewError(http.StatusNotFound, fmt.Sprintf(msg.I18nNoLocale, locale))
	}
	// The system screens' menus are seeded by this package (seedmenus.go), not declared in a module file.
	for zh, tr := range systemMenuTexts[locale] {
		cat.Texts[zh] = tr
	}
	if locale == "zh_TW" {
		for zh := range systemMenuTexts["en"] {
			if tw := schema.ToTraditional(zh); tw != zh {
				cat.Texts[zh] = tw
			}
		}
	}
	return httpx.OK(c, cat)
}

// systemMenuTexts translate the titles of the seeded system menus (messages_seed.go); a title an
// administrator has since changed is not among them and shows as written.
var systemMenuTexts = map[string]map[string]string{
	"en": {
		MenuWorkbench: "Workbench", MenuSystem: "System", MenuUsers: "Users", MenuRoles: "Roles", MenuOrgs: "Organisations",
		MenuWorkGroups: "Work groups", MenuMenus: "Menus", MenuDicts: "Dictionaries", MenuLoginLog: "Login log",
		MenuOperationLog: "Operation log", MenuProfile: "Profile", MenuDataStatistics: "Statistics",
		MenuDataStatsForSix: "Statistics (six screens)", MenuFormDesign: "Form designer", MenuAnnounce: "Announcements",
		MenuApproval: "Approvals", MenuTodo: "To do", MenuDone: "Done", MenuCopied: "Copied to me", MenuMine: "My requests",
		MenuSimulate: "Approval path simulation", MenuAppHome: "Home", MenuAppWork: "Services", MenuAppMine: "Me",
	},
	"ja": {
		MenuWorkbench: "ワークベンチ", MenuSystem: "システム管理", MenuUsers: "ユーザー管理", MenuRoles: "ロール管理", MenuOrgs: "組織管理",
		MenuWorkGroups: "ワークグループ管理", MenuMenus: "メニュー設定", MenuDicts: "辞書管理", MenuLoginLog: "ログイン履歴",
		MenuOperationLog: "操作ログ", MenuProfile: "個人情報", MenuDataStatistics: "データ統計",
		MenuDataStatsForSix: "データ統計（6画面）", MenuFormDesign: "フォーム設計", MenuAnnounce: "お知らせの公開",
		MenuApproval: "承認センター", MenuTodo: "未処理", MenuDone: "処理済み", MenuCopied: "CC受信", MenuMine: "自分の申請",
		MenuSimulate: "承認経路シミュレーション", MenuAppHome: "ホーム", MenuAppWork: "手続き", MenuAppMine: "マイページ",
	},
	"ko": {
		MenuWorkbench: "워크벤치", MenuSystem: "시스템 관리", MenuUsers: "사용자 관리", MenuRoles: "역할 관리", MenuOrgs: "기관 관리",
		MenuWorkGroups: "작업 그룹 관리", MenuMenus: "메뉴 설정", MenuDicts: "사전 관리", MenuLoginLog: "로그인 기록",
		MenuOperationLog: "작업 기록", MenuProfile: "개인 정보", MenuDataStatistics: "데이터 통계",
		MenuDataStatsForSix: "데이터 통계(6화면)", MenuFormDesign: "양식 설계", MenuAnnounce: "공지 게시",
		MenuApproval: "결재 센터", MenuTodo: "할 일", MenuDone: "처리함", MenuCopied: "참조 문서", MenuMine: "내 신청",
		MenuSimulate: "결재 경로 시뮬레이션", MenuAppHome: "홈", MenuAppWork: "민원", MenuAppMine: "내 정보",
	},
}
