/**
 * A door of a module that builds on orders (so orders cannot import it), connected once where
 * the modules are put together. Reading it before then is a wiring fault, said as such.
 */
export function connectedDoor<Door>(module: string, connectCall: string) {
  let connected: Door | undefined
  return {
    connect(door: Door) {
      connected = door
    },
    door(): Door {
      if (!connected) throw new Error(`${module} is not connected to orders: call orderRecords.${connectCall} where the modules are put together`)
      return connected
    },
  }
}
