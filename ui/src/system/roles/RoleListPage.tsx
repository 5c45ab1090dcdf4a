// Role list (spec §2 "Role list"): a card grid of the tenant's roles (icon and name, up to 1000), a delete
// cross on each card that first asks how many accounts use the role (spec §6: a role in use is not
// deleted), and a card that opens the editor for a new role.

import { CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, Modal, Row, Spin, Typography, message } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { NAMED_ROUTES } from "../../app/routes";
import { MenuIcon } from "../../components/MenuIcon/MenuIcon";
import { inUseMessage, ROLE_MESSAGES } from "./messages";
import { roleApi, type Role } from "./roleApi";
import styles from "./roles.module.css";

export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [roles, setRoles] = useState<Role[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRoles(await roleApi.list());
    } catch {
      message.error(ROLE_MESSAGES.initFailed);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (role: Role) => {
    let users: number;
    try {
      users = await roleApi.userCount(role.id);
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
          await roleApi.remove(role.id);
          message.success(ROLE_MESSAGES.deleteSuccess);
          await load();
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
