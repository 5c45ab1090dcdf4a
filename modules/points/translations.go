package points

import "xiangzhi/engine/msg"

// The points refusals in the console's other locales (docs/api.md "Locale
// of server messages"); zh_CN is the text as written, zh_TW is converted.
func init() {
	msg.AddTranslations(map[string]map[string]string{
		"en": {
			PointsOwnerRequired:     "Choose the villager or household whose points change",
			PointsRequired:          "Enter the points to change (not 0)",
			PointsRuleDisabled:      "This points rule is disabled and cannot be used",
			PointsHouseholdMismatch: "The villager does not belong to the chosen household",
			OrderQuantity:           "The quantity must be at least 1",
			OrderGoodsRequired:      "Choose the goods to redeem",
			OrderVillagerRequired:   "Choose who redeems",
			OrderGoodsOff:           "These goods are off the shelf and cannot be redeemed",
			OrderStockShort:         "Not enough stock: %d left",
			OrderLimit:              "Over the per-person limit: %d per person, %d already redeemed",
			OrderPointsShort:        "Not enough points: this redemption needs %d points, %d available",
			OrderFrozen:             "After an order is placed its goods, quantity and redeemer cannot change; cancel it and order again",
			OrderDeleteHeld:         "The order is not finished; cancel or return it before deleting",
		},
		"ja": {
			PointsOwnerRequired:     "ポイントが変動する村民または世帯を選択してください",
			PointsRequired:          "変動ポイントを入力してください（0以外）",
			PointsRuleDisabled:      "このポイントルールは停止中のため使用できません",
			PointsHouseholdMismatch: "村民は選択した世帯に属していません",
			OrderQuantity:           "交換数量は1以上にしてください",
			OrderGoodsRequired:      "交換する商品を選択してください",
			OrderVillagerRequired:   "交換する人を選択してください",
			OrderGoodsOff:           "この商品は販売停止中のため交換できません",
			OrderStockShort:         "在庫が不足しています。現在の在庫は %d 点です",
			OrderLimit:              "1人あたりの交換上限を超えています：上限 %d 点、交換済み %d 点",
			OrderPointsShort:        "ポイントが不足しています：今回の交換には %d ポイント必要で、利用可能なポイントは %d です",
			OrderFrozen:             "注文後は商品・数量・交換者を変更できません。取り消してから再注文してください",
			OrderDeleteHeld:         "注文が完了していません。取り消しまたは返却してから削除してください",
		},
		"ko": {
			PointsOwnerRequired:     "포인트가 변동될 주민 또는 가구를 선택하세요",
			PointsRequired:          "변동 포인트를 입력하세요(0 제외)",
			PointsRuleDisabled:      "이 포인트 규칙은 사용 중지되어 쓸 수 없습니다",
			PointsHouseholdMismatch: "주민이 선택한 가구에 속하지 않습니다",
			OrderQuantity:           "교환 수량은 1 이상이어야 합니다",
			OrderGoodsRequired:      "교환할 상품을 선택하세요",
			OrderVillagerRequired:   "교환하는 사람을 선택하세요",
			OrderGoodsOff:           "판매 중지된 상품이라 교환할 수 없습니다",
			OrderStockShort:         "재고가 부족합니다. 현재 재고 %d개",
			OrderLimit:              "1인 교환 한도를 넘었습니다: 1인 %d개, 이미 %d개 교환",
			OrderPointsShort:        "포인트가 부족합니다: 이번 교환에 %d포인트가 필요하며 사용 가능한 포인트는 %d입니다",
			OrderFrozen:             "주문 후에는 상품, 수량, 교환자를 바꿀 수 없습니다. 취소 후 다시 주문하세요",
			OrderDeleteHeld:         "주문이 끝나지 않았습니다. 취소하거나 반품한 뒤 삭제하세요",
		},
	})
}
