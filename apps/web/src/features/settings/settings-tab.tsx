import { can } from '@tsunagu/contract/permissions';
import { CallRecordingForm } from './call-recording-form';
import { DoNotDisturbSwitch } from '../../shared/do-not-disturb/do-not-disturb-toggle';
import { jaDoNotDisturb } from '../../shared/do-not-disturb/do-not-disturb.ja';
import { useUserInfo } from '../../shared/session/session-store';
import { jaVoicemail } from '../../shared/voicemail/voicemail.ja';
import { VoicemailSettingsForm } from '../../shared/voicemail/voicemail-settings';
import { PasswordForm } from './password-form';
import { PopupForm } from './popup-form';
import { RingSettingsForm } from './ring-settings-form';
import { SettingSection } from './setting-section';
import { TwoStepForm } from './two-step-form';
import { WrapUpForm } from './wrap-up-form';

/** Personal settings (spec 2.4 "Settings tab"): do-not-disturb, ring settings for a headset, the pop-up for a desk phone, the password and two-step sign-in for all. */
export function SettingsTab() {
  const { user, domain } = useUserInfo();
  return (
    <div style={{ paddingInline: 4 }}>
      {user.extension !== null && (
        <SettingSection title={jaDoNotDisturb.label}>
          <DoNotDisturbSwitch />
        </SettingSection>
      )}
      {user.extension !== null && (
        <SettingSection title={jaVoicemail.title}>
          <VoicemailSettingsForm domainUuid={domain.domainUuid} />
        </SettingSection>
      )}
      {user.phoneType === 'verto' && <RingSettingsForm />}
      <PasswordForm userUuid={user.userUuid} />
      {user.phoneType === 'phone' && <PopupForm user={user} />}
      <TwoStepForm />
      {can(user, 'status.setting.edit') && <WrapUpForm domainUuid={domain.domainUuid} />}
      {can(user, 'callRecording.setting.edit') && <CallRecordingForm domainUuid={domain.domainUuid} />}
    </div>
  );
}
