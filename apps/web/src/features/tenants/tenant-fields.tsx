import { Button, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { jaTenants as t } from './tenants.ja';

const QUOTA_KEYS = ['maxUsers', 'maxExtensions', 'maxRingGroups', 'maxIvrMenus', 'audioMb'] as const;

/** The five quotas, as numbers (the contract's rules run on save). */
export function QuotaFields() {
  return (
    <>
      {QUOTA_KEYS.map((key) => (
        <Form.Item key={key} name={['quotas', key]} label={t.quotas[key]} style={{ marginBottom: 12 }}>
          <InputNumber min={0} max={key === 'audioMb' ? 102_400 : 100_000} style={{ width: 160 }} />
        </Form.Item>
      ))}
    </>
  );
}

/** A list of {name, number} rows (outbound lines or incoming numbers) with add and remove. */
function NumberList({
  name,
  words,
}: {
  name: 'lines' | 'numbers';
  words: typeof t.lines | typeof t.numbers;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} style={{ marginBottom: 12 }}>
          <Typography.Text strong>{words.title}</Typography.Text>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="center">
              <Form.Item name={[field.name, 'number']} noStyle>
                <Input
                  aria-label={`${words.number} ${index + 1}`}
                  placeholder={words.number}
                  inputMode="numeric"
                  maxLength={20}
                  style={{ width: 180 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'name']} noStyle>
                <Input
                  aria-label={`${words.name} ${index + 1}`}
                  placeholder={words.name}
                  maxLength={100}
                  style={{ width: 220 }}
                />
              </Form.Item>
              <Button onClick={() => remove(field.name)} aria-label={`${t.remove} ${index + 1}`}>
                {t.remove}
              </Button>
            </Flex>
          ))}
          <div>
            <Button onClick={() => add({ name: '', number: '' })}>{words.add}</Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

/** Outbound lines (gwList: name and caller number) and incoming numbers. */
export function LineAndNumberFields() {
  return (
    <>
      <NumberList name="lines" words={t.lines} />
      <NumberList name="numbers" words={t.numbers} />
    </>
  );
}

/** Form values of lines and numbers as the contract reads them (blank rows left out). */
export function filledRows(rows: { name?: string; number?: string }[] | undefined) {
  return (rows ?? [])
    .map((row) => ({ name: (row.name ?? '').trim(), number: (row.number ?? '').trim() }))
    .filter((row) => row.name !== '' || row.number !== '');
}
