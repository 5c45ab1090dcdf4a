// Role list (spec §2 "Role list"): a card grid of the tenant's roles (icon and name, up to 1000), a delete
// cross on each card that first asks how many accounts use the role (spec §6: a role in use is not
// deleted), and a card that opens the editor for a new role. The calls go through refine's "system"
// provider.

import { CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, Modal, Row, Spin, Typography, message } from "antd";
import { useDataProvider, useDelete, useList } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SYSTEM } from "../../api/systemDataProvider";
import { NAMED_ROUTES } from "../../app/routes";
import { MenuIcon } from "../../components/MenuIcon/MenuIcon";
import { inUseMessage, ROLE_MESSAGES } from "./messages";
import { FRESH, useOnFailure } from "../queries";
import { ROLE_LIST_SIZE, ROLE_PATHS, type Role } from "./roleApi";
import styles from "./roles.module.css";

export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const { result, query } = useList<Role>({
    resource: ROLE_PATHS.list,
    dataProviderName: SYSTEM,
    pagination: { currentPage: 1, pageSize: ROLE_LIST_SIZE, mode: "server" },
    errorNotification: false,
    queryOptions: FRESH,
  });
  useOnFailure(query, () => message.error(ROLE_MESSAGES.initFailed));
  const roles = result.data;
  const loading = query.isFetching;
  const dataProvider = useDataProvider();
  const { mutateAsync: deleteRole } = useDelete();

  const remove = async (role: Role) => {
    let users: number;
    try {
      const answer = await dataProvider(SYSTEM).custom?.({ url: `${ROLE_PATHS.users}/${role.id}`, method: "get" });
      users = Number(answer?.data ?? 0);
    } catch {
      message.error(ROLE_MESSAGES.deleteFailed);
      return;
    }
    if (users > 0) {
      message.warning(inUseMessage(users));
      return;
    }
    modal.confirm({
      title: t("system.roles.deleteConfirm", { name: role.name }),
      okText: t("common.confirm"),
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          await deleteRole({
            resource: ROLE_PATHS.records,
            id: role.id,
            dataProviderName: SYSTEM,
            invalidates: [],
            successNotification: false,
            errorNotification: false,
          });
          message.success(ROLE_MESSAGES.deleteSuccess);
          await query.refetch();
        } catch {
          message.error(ROLE_MESSAGES.deleteFailed);
        }
      },
    });
  };

  return (
    <Spin spinning={loading}>
      {modalHolder}
      <Row gutter={[16, 16]} className={styles.grid}>
        {roles.map((role) => (
          <Col key={role.id} xs={12} sm={8} md={6} xl={4}>
            <Card
              hoverable
              className={styles.card}
              data-testid="role-card"
              onClick={() => navigate(`${NAMED_ROUTES["role-edit"]}?id=${role.id}`)}
            >
              {!role.system && (
                <Button
                  type="text"
                  size="small"
                  className={styles.cross}
                  aria-label={`${t("system.roles.remove")} ${role.name}`}
                  icon={<CloseOutlined />}
                  onClick={(e) => {
                    e.stopPropagation();
                    void remove(role);
                  }}
                />
              )}
              <div className={styles.icon}>
                <MenuIcon name={role.icon} />
              </div>
              <Typography.Text className={styles.name} ellipsis>
                {role.name}
              </Typography.Text>
            </Card>
          </Col>
        ))}
        <Col xs={12} sm={8} md={6} xl={4}>
          <Card hoverable className={styles.card} onClick={() => navigate(NAMED_ROUTES["role-add"])}>
            <div className={styles.icon}>
              <PlusOutlined />
            </div>
            <Typography.Text className={styles.name}>{t("system.roles.newRole")}</Typography.Text>
          </Card>
        </Col>
      </Row>
      {!loading && roles.length === 0 && <Empty description={t("system.roles.empty")} />}
    </Spin>
  );
}
