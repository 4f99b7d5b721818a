import { DASHBOARD_DEFINITIONS, type Dashboard } from '@tsunagu/contract/dashboard';
import { USER_STATUSES } from '@tsunagu/contract/user-status';
import { Alert, Card, Col, Flex, Row, Spin, Statistic, Tooltip, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { dayjs } from '../../shared/dayjs';
import { paths } from '../../shared/paths';
import { useUserInfo } from '../../shared/session/session-store';
import { showSidePanelTab, useShellState } from '../../shared/shell-state/shell-state';
import { StatusTag } from '../../shared/user-status/status-tag';
import { useUserStatuses } from '../../shared/user-status/user-status-queries';
import { useDashboard } from './dashboard-queries';
import { jaDashboard as t } from './dashboard.ja';

// The chart library loads only for those who see the tenant's figures.
const HourlyChart = lazy(() => import('./hourly-chart').then((m) => ({ default: m.HourlyChart })));

/** The tenant call history filtered to what makes up a figure (today, local dates). */
function historyHref(data: Dashboard, filters: Record<string, string>): string {
  return `${paths.cust.cdr.href()}?${new URLSearchParams({ from: data.date, to: data.date, ...filters })}`;
}

function Figure({
  title,
  hint,
  value,
  to,
  suffix,
}: {
  title: string;
  hint: string;
  value: ReactNode;
  to?: string;
  suffix?: string;
}) {
  const statistic = (
    <Statistic title={<Tooltip title={hint}>{title}</Tooltip>} value={value as number} suffix={suffix} />
  );
  return (
    <Card size="small" style={{ height: '100%' }}>
      {to ? (
        <Link to={to} aria-label={`${title} ${String(value)}${suffix ?? ''}`}>
          {statistic}
        </Link>
      ) : (
        statistic
      )}
    </Card>
  );
}

// Three figures a row up to 1600 px (their titles fit on one line), six on wider screens.
const SPAN = { xs: 12, lg: 8, xxl: 4 } as const;

/** ホーム (1000): today at a glance, live; every count opens the calls that make it up. */
export function DashboardPage() {
  const { user, domain } = useUserInfo();
  const { recallCnt, chatCnt } = useShellState();
  const query = useDashboard(domain.domainUuid, domain.domainName);
  const statuses = useUserStatuses(domain.domainUuid);
  const stored = statuses.get(user.userUuid);
  const data = query.data;
  const me = user.userUuid;

  return (
    <Flex vertical gap={16}>
      <Flex align="baseline" gap={12}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t.title}
        </Typography.Title>
        {data && (
          <Typography.Text type="secondary">{t.updated(dayjs(data.to).format('HH:mm'))}</Typography.Text>
        )}
      </Flex>
      {query.error && <Alert type="error" showIcon title={query.error.message} />}
      <Spin spinning={query.isLoading}>
        <Flex vertical gap={16}>
          <section aria-label={t.mine}>
            <Typography.Title level={5}>{t.mine}</Typography.Title>
            <Row gutter={[12, 12]}>
              <Col {...SPAN}>
                <Figure
                  title={t.figures.mineAnswered}
                  hint={DASHBOARD_DEFINITIONS.mineAnswered}
                  value={data?.mine.answered ?? '-'}
                  suffix={t.unit}
                  to={data && historyHref(data, { kind: 'inbound', result: 'answered', userUuid: me })}
                />
              </Col>
              <Col {...SPAN}>
                <Figure
                  title={t.figures.minePlaced}
                  hint={DASHBOARD_DEFINITIONS.minePlaced}
                  value={data?.mine.placed ?? '-'}
                  suffix={t.unit}
                  to={data && historyHref(data, { kind: 'outbound', userUuid: me })}
                />
              </Col>
              <Col {...SPAN}>
                <Card size="small" style={{ height: '100%' }}>
                  {/* Missed calls of one's own phone are one's own call history (the side panel's tab). */}
                  <button
                    type="button"
                    onClick={() => showSidePanelTab('history')}
                    aria-label={`${t.figures.mineMissed} ${data?.mine.missed ?? '-'}${t.unit}`}
                    style={{ all: 'unset', cursor: 'pointer', display: 'block' }}
                  >
                    <Statistic
                      title={
                        <Tooltip title={DASHBOARD_DEFINITIONS.mineMissed}>{t.figures.mineMissed}</Tooltip>
                      }
                      value={data?.mine.missed ?? '-'}
                      suffix={t.unit}
                      styles={{ content: { color: data?.mine.missed ? '#cf1322' : undefined } }}
                    />
                  </button>
                </Card>
              </Col>
              <Col {...SPAN}>
                <Figure
                  title={t.figures.recall}
                  hint={t.hints.recall}
                  value={recallCnt}
                  suffix={t.unit}
                  to={paths.cust.recall.href()}
                />
              </Col>
              <Col {...SPAN}>
                <Card size="small" style={{ height: '100%' }}>
                  <button
                    type="button"
                    onClick={() => showSidePanelTab('chat')}
                    aria-label={`${t.figures.chat} ${chatCnt}${t.unit}`}
                    style={{ all: 'unset', cursor: 'pointer', display: 'block' }}
                  >
                    <Statistic
                      title={<Tooltip title={t.hints.chat}>{t.figures.chat}</Tooltip>}
                      value={chatCnt}
                      suffix={t.unit}
                    />
                  </button>
                </Card>
              </Col>
              <Col {...SPAN}>
                <Card size="small" style={{ height: '100%' }}>
                  <Statistic
                    title={t.figures.status}
                    valueRender={() => (
                      <StatusTag status={!stored || stored === 'signedOut' ? 'available' : stored} />
                    )}
                  />
                </Card>
              </Col>
            </Row>
          </section>
          {data?.tenant && <TenantToday data={data} tenant={data.tenant} name={domain.domainDescription} />}
        </Flex>
      </Spin>
    </Flex>
  );
}

function TenantToday({
  data,
  tenant,
  name,
}: {
  data: Dashboard;
  tenant: NonNullable<Dashboard['tenant']>;
  name: string;
}) {
  const rate = tenant.answerRate === null ? '-' : (tenant.answerRate * 100).toFixed(1);
  return (
    <section aria-label={name ? t.tenant(name) : t.tenantFallback}>
      <Typography.Title level={5}>{name ? t.tenant(name) : t.tenantFallback}</Typography.Title>
      <Row gutter={[12, 12]}>
        <Col {...SPAN}>
          <Figure
            title={t.figures.incoming}
            hint={DASHBOARD_DEFINITIONS.incoming}
            value={tenant.incoming}
            suffix={t.unit}
            to={historyHref(data, { kind: 'inbound' })}
          />
        </Col>
        <Col {...SPAN}>
          <Figure
            title={t.figures.answered}
            hint={DASHBOARD_DEFINITIONS.answered}
            value={tenant.answered}
            suffix={t.unit}
            to={historyHref(data, { kind: 'inbound', result: 'answered' })}
          />
        </Col>
        <Col {...SPAN}>
          <Figure
            title={t.figures.missed}
            hint={DASHBOARD_DEFINITIONS.missed}
            value={tenant.missed}
            suffix={t.unit}
            to={historyHref(data, { missed: 'true' })}
          />
        </Col>
        <Col {...SPAN}>
          <Figure
            title={t.figures.answerRate}
            hint={DASHBOARD_DEFINITIONS.answerRate}
            value={rate}
            suffix="%"
            to={historyHref(data, { kind: 'inbound' })}
          />
        </Col>
        <Col {...SPAN}>
          <Figure title={t.figures.talking} hint={DASHBOARD_DEFINITIONS.talking} value={tenant.talking} />
        </Col>
        <Col {...SPAN}>
          <Figure
            title={t.figures.parked}
            hint={DASHBOARD_DEFINITIONS.parked}
            value={tenant.parked}
            suffix={t.unit}
          />
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t.statuses} style={{ height: '100%' }}>
            <Flex wrap gap={8} role="list" aria-label={t.statuses}>
              {USER_STATUSES.map((status) => (
                <Flex key={status} role="listitem" gap={4} align="center">
                  <StatusTag status={status} />
                  <Typography.Text strong>{tenant.statuses[status]}</Typography.Text>
                </Flex>
              ))}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card size="small" title={<Tooltip title={DASHBOARD_DEFINITIONS.hourly}>{t.hourly}</Tooltip>}>
            <Suspense fallback={<Spin />}>
              <HourlyChart
                today={tenant.hourly.today}
                lastWeek={tenant.hourly.lastWeek}
                lastWeekDate={tenant.hourly.lastWeekDate}
              />
            </Suspense>
          </Card>
        </Col>
      </Row>
    </section>
  );
}
