import {
  managedUserSaveSchema,
  USER_CLASS_STAFF,
  type ManagedClass,
  type ManagedUser,
  type ManagedUserSaveInput,
  type UserFormOptions,
} from '@tsunagu/contract/admin/users';
import { extensionCreateError } from '@tsunagu/contract/pbx/extension';
import { isTenantAdmin, USER_CLASS } from '@tsunagu/contract/permissions';
import type { PhoneType } from '@tsunagu/contract/auth';
import { Checkbox, Input, Radio, Select } from 'antd';
import { useCallback, useId, useMemo, useState } from 'react';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { FormField } from '../../shared/ui/form-field';
import { NumberInput } from '../../shared/ui/number-input';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { MenuTree } from './menu-tree';
import { allStaffLeaves, menuShowingLeaves, shownLeaves } from './menu-choice';
import { jaUserAdmin } from './user-admin.ja';

const t = jaUserAdmin.dialog;
/** The extension select's value for "create a new one here". */
const NEW_EXTENSION = 'new';
const NO_EXTENSION = '';

/** What the dialog edits. */
export interface UserForm {
  id: string;
  userNm: string;
  userKana: string;
  email: string;
  userClass: ManagedClass;
  phoneType: PhoneType;
  userPopup: boolean;
  /** An extensionUuid, NO_EXTENSION or NEW_EXTENSION. */
  extension: string;
  newNumber: string;
  newName: string;
  groups: string[];
  enabled: boolean;
  menuLeaves: number[];
  generatePassword: boolean;
  password: string;
  mustChangePassword: boolean;
}

/** The form for a new user, or for editing the given one. */
export function formOf(user: ManagedUser | null): UserForm {
  return {
    id: user?.id ?? '',
    userNm: user?.userNm ?? '',
    userKana: user?.userKana ?? '',
    email: user?.email ?? '',
    userClass: user && isTenantAdmin(user) ? USER_CLASS.tenantAdmin : USER_CLASS_STAFF,
    phoneType: user?.phoneType ?? 'verto',
    userPopup: user?.userPopup ?? true,
    extension: user?.extensionUuid ?? NO_EXTENSION,
    newNumber: '',
    newName: '',
    groups: user?.groups.map((g) => g.commUuid) ?? [],
    enabled: user?.enabled ?? true,
    // A new 一般 user starts with every item they may be shown; the administrator takes away.
    menuLeaves: user ? shownLeaves(user.menu) : allStaffLeaves(),
    generatePassword: true,
    password: '',
    mustChangePassword: user?.mustChangePassword ?? true,
  };
}

/** The save request of a form (the contract's schema then checks it, as the server will). */
export function requestOf(form: UserForm, domainUuid: string, userUuid?: string): ManagedUserSaveInput {
  const creating = userUuid === undefined;
  return {
    ...(userUuid ? { userUuid } : {}),
    domainUuid,
    id: form.id,
    userNm: form.userNm,
    userKana: form.userKana,
    email: form.email.trim(),
    userClass: form.userClass,
    phoneType: form.phoneType,
    userPopup: form.userPopup,
    extensionUuid:
      form.extension === NO_EXTENSION || form.extension === NEW_EXTENSION ? null : form.extension,
    ...(form.extension === NEW_EXTENSION
      ? { newExtension: { extension: form.newNumber, effectiveCallerIdName: form.newName || form.userNm } }
      : {}),
    groups: form.groups,
    enabled: form.enabled,
    menu: form.userClass === USER_CLASS_STAFF ? menuShowingLeaves(form.menuLeaves) : '[]',
    ...(creating && form.generatePassword ? { generatePassword: true } : {}),
    ...(creating && !form.generatePassword ? { password: form.password } : {}),
    mustChangePassword: form.mustChangePassword,
  };
}

export interface UserDialogProps {
  domainUuid: string;
  /** null to create. */
  user: ManagedUser | null;
  options: UserFormOptions | undefined;
  /** Whether the user being edited is the signed-in one (they cannot disable or demote themselves). */
  self: boolean;
  onSave: (request: ManagedUserSaveInput) => Promise<unknown>;
  onClose: () => void;
}

/** Creating or editing a user of the tenant: the contract's rules run before the request is sent. */
export function UserDialog({ domainUuid, user, options, self, onSave, onClose }: UserDialogProps) {
  const id = useId();
  const [form, setForm] = useState<UserForm>(() => formOf(user));
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const save = useCallback(
    async (request: ManagedUserSaveInput) => {
      setSaving(true);
      try {
        await onSave(request);
      } finally {
        setSaving(false);
      }
    },
    [onSave],
  );
  const submit = useDialogSubmit(save, onClose);
  const usedNumbers = useMemo(() => options?.extensions.map((e) => e.extension) ?? [], [options]);
  const onSubmit = () =>
    void submit(
      checkAgainstContract(managedUserSaveSchema, requestOf(form, domainUuid, user?.userUuid), (payload) =>
        payload.newExtension ? extensionCreateError(payload.newExtension, usedNumbers) : null,
      ),
    );

  // "Create a new one" right under "none": the tenant's list can be long.
  const extensionOptions = [
    { value: NO_EXTENSION, label: t.extensionNone },
    { value: NEW_EXTENSION, label: t.extensionNew },
    ...(options?.extensions ?? []).map((e) => {
      const taken = e.userUuid !== null && e.userUuid !== user?.userUuid;
      const name = e.effectiveCallerIdName ? ` ${e.effectiveCallerIdName}` : '';
      return {
        value: e.extensionUuid,
        label: taken
          ? `${e.extension}${name}（${t.extensionInUse(e.userNm ?? '')}）`
          : `${e.extension}${name}`,
        disabled: taken,
      };
    }),
  ];

  return (
    <FormDialog
      title={user ? t.editTitle : t.createTitle}
      size="medium"
      saving={saving}
      onSave={onSubmit}
      onClose={onClose}
    >
      <FormField label={t.id} htmlFor={`${id}-id`} required help={t.idHelp}>
        <Input id={`${id}-id`} value={form.id} maxLength={64} onChange={(e) => set('id', e.target.value)} />
      </FormField>
      <FormField label={t.userNm} htmlFor={`${id}-name`} required>
        <Input
          id={`${id}-name`}
          value={form.userNm}
          maxLength={50}
          onChange={(e) => set('userNm', e.target.value)}
        />
      </FormField>
      <FormField label={t.userKana} htmlFor={`${id}-kana`}>
        <Input
          id={`${id}-kana`}
          value={form.userKana}
          maxLength={50}
          onChange={(e) => set('userKana', e.target.value)}
        />
      </FormField>
      <FormField label={t.email} htmlFor={`${id}-email`}>
        <Input
          id={`${id}-email`}
          type="email"
          value={form.email}
          maxLength={254}
          onChange={(e) => set('email', e.target.value)}
        />
      </FormField>
      <FormField label={t.userClass}>
        <Radio.Group
          aria-label={t.userClass}
          value={form.userClass}
          disabled={self}
          onChange={(e) => set('userClass', e.target.value as ManagedClass)}
          options={[
            { value: 'CP', label: t.classAdmin },
            { value: USER_CLASS_STAFF, label: t.classStaff },
          ]}
        />
      </FormField>
      <FormField label={t.phoneType}>
        <Radio.Group
          aria-label={t.phoneType}
          value={form.phoneType}
          onChange={(e) => set('phoneType', e.target.value as PhoneType)}
          options={[
            { value: 'verto', label: t.headset },
            { value: 'phone', label: t.deskPhone },
          ]}
        />
      </FormField>
      <FormField label={t.userPopup}>
        <Checkbox checked={form.userPopup} onChange={(e) => set('userPopup', e.target.checked)}>
          {t.userPopupLabel}
        </Checkbox>
      </FormField>
      <FormField label={t.extension} htmlFor={`${id}-extension`}>
        <Select
          id={`${id}-extension`}
          aria-label={t.extension}
          value={form.extension}
          options={extensionOptions}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(value: string) => set('extension', value)}
        />
      </FormField>
      {form.extension === NEW_EXTENSION && (
        <>
          <FormField label={t.newNumber} htmlFor={`${id}-new-number`} required>
            <NumberInput
              id={`${id}-new-number`}
              value={form.newNumber}
              maxLength={4}
              onChange={(value) => set('newNumber', value)}
            />
          </FormField>
          <FormField label={t.newName} htmlFor={`${id}-new-name`}>
            <Input
              id={`${id}-new-name`}
              value={form.newName}
              placeholder={form.userNm}
              maxLength={50}
              onChange={(e) => set('newName', e.target.value)}
            />
          </FormField>
        </>
      )}
      <FormField label={t.groups} htmlFor={`${id}-groups`}>
        <Select
          id={`${id}-groups`}
          aria-label={t.groups}
          mode="multiple"
          value={form.groups}
          options={(options?.groups ?? []).map((g) => ({ value: g.commUuid, label: g.commName }))}
          optionFilterProp="label"
          onChange={(value: string[]) => set('groups', value)}
        />
      </FormField>
      <FormField label={t.enabled}>
        <Checkbox checked={form.enabled} disabled={self} onChange={(e) => set('enabled', e.target.checked)}>
          {t.enabledLabel}
        </Checkbox>
      </FormField>
      {!user && (
        <FormField label={t.password} htmlFor={`${id}-password`} required>
          <Radio.Group
            aria-label={t.password}
            value={form.generatePassword}
            onChange={(e) => set('generatePassword', e.target.value as boolean)}
            options={[
              { value: true, label: t.passwordGenerate },
              { value: false, label: t.passwordTyped },
            ]}
          />
          {!form.generatePassword && (
            <Input.Password
              id={`${id}-password`}
              aria-label={t.password}
              value={form.password}
              maxLength={128}
              autoComplete="new-password"
              style={{ marginTop: 8 }}
              onChange={(e) => set('password', e.target.value)}
            />
          )}
        </FormField>
      )}
      <FormField label=" ">
        <Checkbox
          checked={form.mustChangePassword}
          onChange={(e) => set('mustChangePassword', e.target.checked)}
        >
          {t.mustChange}
        </Checkbox>
      </FormField>
      <FormField label={t.menu}>
        {form.userClass === USER_CLASS_STAFF ? (
          <MenuTree
            value={form.menuLeaves}
            onChange={(leaves) => set('menuLeaves', leaves)}
            userNm={form.userNm}
          />
        ) : (
          <span>{t.menuAdmin}</span>
        )}
      </FormField>
    </FormDialog>
  );
}
