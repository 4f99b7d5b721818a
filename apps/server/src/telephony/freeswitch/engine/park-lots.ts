/**
 * Who waits in which park slot, per tenant: from valet_parking::info events, and from `valet_info`
 * after a (re)connect. Only the tenant's own lot (5900@<domain>) and its slots 5901–5908 count.
 */
import { PARK_NUMBER_RANGE } from '@tsunagu/contract';
import type { ParkSlot } from '../../engine';
import { parkSlots } from '../../routing/config-entries';
import type { ParkedCall, ParkEvent } from '../types';

interface Parked {
  uuid: string;
  callerIdNumber: string;
  callerIdName: string;
}

type Lot = Map<string, Parked>;

const isOwnSlot = (domainName: string, lot: string, slot: string) =>
  lot === parkSlots(domainName)[0]?.lot &&
  Number(slot) >= PARK_NUMBER_RANGE.min &&
  Number(slot) <= PARK_NUMBER_RANGE.max &&
  String(Number(slot)) === slot;

const sameLot = (a: Lot | undefined, b: Lot | undefined) =>
  JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());

export class ParkLots {
  private readonly lots = new Map<string, Lot>();

  /** Applies a valet event; returns the tenant whose slots changed, or null. */
  apply(event: ParkEvent): string | null {
    if (!isOwnSlot(event.domain, event.lot, event.slot)) return null;
    const before = this.lots.get(event.domain);
    const lot: Lot = new Map(before);
    if (event.occupied) {
      lot.set(event.slot, {
        uuid: event.uuid,
        callerIdNumber: event.callerIdNumber,
        callerIdName: event.callerIdName,
      });
    } else if (!event.uuid || lot.get(event.slot)?.uuid === event.uuid) {
      // A bridge (retrieved) or exit (gone) for the call that waited there frees the slot.
      lot.delete(event.slot);
    }
    this.lots.set(event.domain, lot);
    return sameLot(before, lot) ? null : event.domain;
  }

  /** Replaces everything with what `valet_info` listed; returns the tenants whose slots changed. */
  replace(parked: readonly ParkedCall[], callerOf: (uuid: string) => Omit<Parked, 'uuid'>): string[] {
    const before = new Map(this.lots);
    this.lots.clear();
    for (const call of parked) {
      if (!isOwnSlot(call.domain, call.lot, call.slot)) continue;
      let lot = this.lots.get(call.domain);
      if (!lot) this.lots.set(call.domain, (lot = new Map()));
      lot.set(call.slot, { uuid: call.uuid, ...callerOf(call.uuid) });
    }
    const domains = new Set([...before.keys(), ...this.lots.keys()]);
    return [...domains].filter((domain) => !sameLot(before.get(domain), this.lots.get(domain)));
  }

  /** The tenant's slots P1–P8. */
  slots(domainName: string): ParkSlot[] {
    const lot = this.lots.get(domainName);
    return parkSlots(domainName).map(({ slot, slotNumber }) => {
      const parked = lot?.get(slotNumber);
      return {
        slot,
        extension: slotNumber,
        occupied: parked !== undefined,
        callerIdNumber: parked?.callerIdNumber ?? '',
        callerIdName: parked?.callerIdName ?? '',
      };
    });
  }
}
